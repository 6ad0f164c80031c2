import { sql as postgresSql } from '@payloadcms/db-postgres'
import { sql as sqliteSql } from '@payloadcms/db-sqlite'
import type { CollectionSlug, Payload } from 'payload'

export type SqlTag = typeof sqliteSql
type Column = unknown
type Table = Record<string, Column>

/** The few drizzle calls made here; each SQL adapter brings its own drizzle-orm with this shape. */
export type Drizzle = {
  select: (fields: object) => { from: (table: Table) => { where: (condition: unknown) => Promise<Record<string, unknown>[]> } }
  update: (table: Table) => {
    set: (values: object) => { where: (condition: unknown) => { returning: (fields: object) => Promise<Record<string, unknown>[]> } }
  }
}

type DrizzleAdapter = { name: string; tableNameMap?: Map<string, string>; tables?: Record<string, Table>; drizzle: Drizzle }

/** A query must be built with the `sql` of the drizzle-orm that runs it. */
const SQL_TAGS: Partial<Record<string, SqlTag>> = { postgres: postgresSql as unknown as SqlTag, sqlite: sqliteSql }

export type DrizzleTable = { drizzle: Drizzle; sql: SqlTag; table: Table }

/**
 * A collection's main table in a SQL adapter, with the drizzle and `sql` that query it, when it has every column
 * named in `columns` (field names); `undefined` on other adapters (MongoDB), so callers fall back to Payload.
 */
export const drizzleTable = (payload: Payload, collection: CollectionSlug, columns: string[]): DrizzleTable | undefined => {
  const db = payload.db as unknown as DrizzleAdapter
  const sql = SQL_TAGS[db.name]
  const table = sql ? db.tables?.[db.tableNameMap?.get(collection.replace(/-/g, '_')) ?? collection] : undefined
  if (!sql || !table || !columns.every((column) => table[column])) return undefined
  return { drizzle: db.drizzle, sql, table }
}
