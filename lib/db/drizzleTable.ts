import { sql as postgresSql } from '@payloadcms/db-postgres'
import { sql as sqliteSql } from '@payloadcms/db-sqlite'
import type { CollectionSlug, Payload } from 'payload'

/** The `sql` template tag of a drizzle-orm: each SQL adapter brings its own, and its queries take only that one. */
export type SqlTag = ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & { raw: (text: string) => unknown }
type Column = unknown
type Table = Record<string, Column>

/** The few drizzle calls made here; each SQL adapter brings its own drizzle-orm with this shape. */
type Returning = { returning: (fields: object) => Promise<Record<string, unknown>[]> }
export type Drizzle = {
  select: (fields: object) => { from: (table: Table) => { where: (condition: unknown) => Promise<Record<string, unknown>[]> } }
  update: (table: Table) => {
    set: (values: object) => { where: (condition: unknown) => Returning }
  }
  insert: (table: Table) => { values: (values: object) => { onConflictDoNothing: () => Returning } }
  delete: (table: Table) => { where: (condition: unknown) => Returning }
}

/** What the SQL adapters keep on `payload.db` (not part of Payload's adapter interface). */
type DrizzleAdapter = { name: string; tableNameMap?: Map<string, string>; tables?: Record<string, Table>; drizzle: Drizzle }

const isDrizzleAdapter = (db: object): db is DrizzleAdapter => 'drizzle' in db && typeof db.drizzle === 'object' && db.drizzle !== null

const SQL_TAGS: Partial<Record<string, SqlTag>> = { postgres: postgresSql, sqlite: sqliteSql }

export type DrizzleTable = { drizzle: Drizzle; sql: SqlTag; table: Table; name: string }

/**
 * A collection's main table in a SQL adapter, with the drizzle and `sql` that query it, when it has every column
 * named in `columns` (field names); `undefined` on other adapters (MongoDB), so callers fall back to Payload.
 */
export const drizzleTable = (payload: Payload, collection: CollectionSlug, columns: string[]): DrizzleTable | undefined => {
  const db: object = payload.db
  if (!isDrizzleAdapter(db)) return undefined
  const sql = SQL_TAGS[db.name]
  const name = db.tableNameMap?.get(collection.replace(/-/g, '_')) ?? collection
  const table = sql ? db.tables?.[name] : undefined
  if (!sql || !table || !columns.every((column) => table[column])) return undefined
  return { drizzle: db.drizzle, sql, table, name }
}

/** The SQL name of a column of a drizzle table (a field name such as `counters` → `counters_id`). */
export const columnName = (table: Table, field: string): string => String(Reflect.get(table[field] as object, 'name'))
