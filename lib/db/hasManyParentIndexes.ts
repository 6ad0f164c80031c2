import { index as pgIndex } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { postgresAdapter } from '@payloadcms/db-postgres'
import { index as sqliteIndex } from '@payloadcms/db-sqlite/drizzle/sqlite-core'
import type { SQLiteSchemaHook } from '@payloadcms/db-sqlite'

type PostgresSchemaHook = NonNullable<Parameters<typeof postgresAdapter>[0]['afterSchemaInit']>[number]

/**
 * The tables Payload keeps a `hasMany` text or number field in (`projects_texts` holds every project's `techStack`).
 * Payload indexes them on `(order, parent_id)` only, so reading one record's values scanned the whole table: on
 * 500 projects the home's six featured ones cost 3.4 ms of their 4.4 ms in that scan (measured on SQLite).
 */
const isValuesTable = (name: string) => name.endsWith('_texts') || name.endsWith('_numbers')

/** Adds an index on `parent_id` to every `hasMany` values table (SQLite). */
export const indexSqliteValueParents: SQLiteSchemaHook = ({ schema, extendTable }) => {
  for (const [name, table] of Object.entries(schema.tables)) {
    if (isValuesTable(name) && 'parent' in table) extendTable({ table, extraConfig: (columns) => ({ parentIdx: sqliteIndex(`${name}_parent_idx`).on(columns.parent) }) })
  }
  return schema
}

/** Adds an index on `parent_id` to every `hasMany` values table (Postgres). */
export const indexPostgresValueParents: PostgresSchemaHook = ({ schema, extendTable }) => {
  for (const [name, table] of Object.entries(schema.tables)) {
    if (isValuesTable(name) && 'parent' in table) extendTable({ table, extraConfig: (columns) => ({ parentIdx: pgIndex(`${name}_parent_idx`).on(columns.parent) }) })
  }
  return schema
}
