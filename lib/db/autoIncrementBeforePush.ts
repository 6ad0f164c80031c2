import { createClient } from '@libsql/client'
import type { SQLiteSchemaHook } from '@payloadcms/db-sqlite'
import { getTableConfig } from '@payloadcms/db-sqlite/drizzle/sqlite-core'

import { rebuildIdColumns } from './sqliteAutoIncrement'

/** When the SQLite adapter pushes the schema itself (development), as its `connect` decides. */
const pushesSchema = () => process.env.NODE_ENV !== 'production' && process.env.PAYLOAD_MIGRATING !== 'true'

/** The tables whose `id` the adapter declares AUTOINCREMENT (`autoIncrement: true`). */
const autoIncrementTables = (tables: Parameters<SQLiteSchemaHook>[0]['schema']['tables']): string[] =>
  Object.values(tables).flatMap((table) => {
    const { name, columns } = getTableConfig(table)
    return columns.some((column) => column.name === 'id' && column.primary && Reflect.get(column, 'autoIncrement') === true) ? [name] : []
  })

/**
 * Development's schema push cannot add AUTOINCREMENT to a database made before: drizzle-kit rebuilds each table, then
 * fails on an index that already exists, one table further at each start, and leaves a table renamed `__new_<name>`
 * behind when a trigger names it (measured on a database made by the release before, 2026-11-27). So before the
 * push (this hook runs between building the schema and connecting), the tables that lack it are rebuilt as the
 * migration does, keeping every row, and the push finds nothing to change. Production runs the migration instead.
 */
export const autoIncrementBeforePush =
  (url: string, busyTimeoutMs: number): SQLiteSchemaHook =>
  async ({ schema }) => {
    if (!pushesSchema() || url === 'file::memory:') return schema
    const client = createClient({ url })
    try {
      await client.execute(`PRAGMA busy_timeout = ${Math.max(busyTimeoutMs, 5000)}`)
      const transaction = await client.transaction('write')
      try {
        const db = {
          run: (statement: unknown) => transaction.execute(String(statement)),
          all: async (statement: unknown) => (await transaction.execute(String(statement))).rows,
        }
        await rebuildIdColumns(db, { raw: (text) => text }, autoIncrementTables(schema.tables), true)
        await transaction.commit()
      } finally {
        transaction.close()
      }
    } finally {
      client.close()
    }
    return schema
  }
