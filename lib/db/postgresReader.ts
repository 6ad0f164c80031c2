import { createHash } from 'node:crypto'

import type { Payload } from 'payload'

import { isPgPool } from './postgresPool'

/**
 * A read through the Postgres adapter's pool, `$1`… numbering its values. A `prepared` statement is named after its
 * text, so each connection parses and plans it once and then reuses the plan: planning was a fifth of a search's
 * time. Only for statements whose best plan does not depend on their values (Postgres may settle on one plan for
 * all values after five runs).
 */
export type PostgresRead = (text: string, values: unknown[], options?: { prepared?: boolean }) => Promise<Record<string, unknown>[]>

const names = new Map<string, string>()

/** A name that only this text gets: a connection refuses a name it knows with another text. */
const statementName = (text: string): string => {
  let name = names.get(text)
  if (!name) {
    name = `blog_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
  }
  return name
}

const readers = new WeakMap<object, PostgresRead>()

/** The reader of a Postgres adapter (`payload.db.pool`); one per adapter. */
export const postgresReaderOf = (payload: Payload): PostgresRead => {
  const db: object = payload.db
  let read = readers.get(db)
  if (!read) {
    const pool: unknown = Reflect.get(db, 'pool')
    if (!isPgPool(pool)) throw new Error('the Postgres adapter has no connection pool')
    read = async (text, values, { prepared = false } = {}) => (await pool.query({ name: prepared ? statementName(text) : undefined, text, values })).rows
    readers.set(db, read)
  }
  return read
}
