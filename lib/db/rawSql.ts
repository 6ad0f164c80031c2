import { sql as postgresSql } from '@payloadcms/db-postgres'
import { sql as sqliteSql } from '@payloadcms/db-sqlite'
import type { Payload, PayloadRequest } from 'payload'

type Statement = unknown
type SqlTag = { (strings: TemplateStringsArray, ...values: unknown[]): Statement; raw: (text: string) => Statement }
type Rows = { rows: Record<string, unknown>[] }

/** What the SQL adapters keep on `payload.db`: `execute` runs a statement of their drizzle, `sessions` their transactions. */
type ExecutingAdapter = {
  name: string
  drizzle: unknown
  execute: (args: { drizzle: unknown; sql: Statement }) => Promise<Rows> | Rows
  sessions?: Record<string | number, { db?: unknown } | undefined>
}

const isExecutingAdapter = (db: object): db is ExecutingAdapter =>
  'execute' in db && typeof db.execute === 'function' && 'drizzle' in db && 'name' in db && (db.name === 'sqlite' || db.name === 'postgres')

export type Sql = { dialect: 'sqlite' | 'postgres'; sql: SqlTag; run: (statement: Statement) => Promise<Rows> }

/** The adapter's SQL, inside `req`'s transaction when it has one, so the index changes with the record or not at all. */
export const sqlOf = async (payload: Payload, req?: Partial<PayloadRequest>): Promise<Sql | undefined> => {
  const db: object = payload.db
  if (!isExecutingAdapter(db)) return undefined
  const transaction = req?.transactionID === undefined ? undefined : await req.transactionID
  const drizzle = (transaction !== undefined && db.sessions?.[transaction]?.db) || db.drizzle
  const dialect = db.name === 'postgres' ? 'postgres' : 'sqlite'
  return { dialect, sql: dialect === 'postgres' ? postgresSql : sqliteSql, run: async (statement) => db.execute({ drizzle, sql: statement }) }
}
