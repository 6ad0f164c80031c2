import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { sqlOf } from './rawSql'

type NamedTables = { tableNameMap?: Map<string, string> }

/**
 * Postgres: locks a record's row until `req`'s transaction ends (`SELECT … FOR UPDATE`), so of two transactions
 * deciding about one record the second waits and then sees what the first committed. SQLite has a single writer
 * and the other adapters no such lock here: there it does nothing.
 */
export const lockRow = async (payload: Payload, req: Partial<PayloadRequest>, collection: CollectionSlug, id: number): Promise<void> => {
  const db = await sqlOf(payload, req)
  if (db?.dialect !== 'postgres') return
  const names: NamedTables = payload.db
  const table = names.tableNameMap?.get(collection.replace(/-/g, '_')) ?? collection.replace(/-/g, '_')
  await db.run(db.sql`SELECT id FROM ${db.sql.raw(`"${table}"`)} WHERE id = ${id} FOR UPDATE`)
}
