import type { Sql } from '../db/rawSql'
import { runSchemaStatements } from '../db/schemaStatements'
import type { GenerationStore } from './generationPoller'
import { PG_LIMITS_SCHEMA } from './limitsTables'

/**
 * The one-row generation table, outside Payload's schema like the limits table (limitsTables.ts says why): SQLite
 * under a `libsql_` name, Postgres in the limits' schema, which backups leave out as bookkeeping.
 */
export const GENERATION_TABLE = { sqlite: 'libsql_cache_generation', postgres: `${PG_LIMITS_SCHEMA}.cache_generation` } as const

const DDL = (table: string) => [
  `CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY CHECK (id = 1), generation BIGINT NOT NULL)`,
  `INSERT INTO ${table} (id, generation) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`,
]

/** The generation in the database itself, created at start if missing (never in a migration: it is not Payload's). */
export const sqlGenerationStore = async (db: Sql): Promise<GenerationStore> => {
  const table = GENERATION_TABLE[db.dialect]
  await runSchemaStatements(db, [...(db.dialect === 'postgres' ? [`CREATE SCHEMA IF NOT EXISTS ${PG_LIMITS_SCHEMA}`] : []), ...DDL(table)])
  const { sql } = db
  const value = (rows: Record<string, unknown>[]) => Number(rows[0]?.generation ?? 0)
  return {
    read: async () => value((await db.run(sql.raw(`SELECT generation FROM ${table} WHERE id = 1`))).rows),
    bump: async () => value((await db.run(sql.raw(`UPDATE ${table} SET generation = generation + 1 WHERE id = 1 RETURNING generation`))).rows),
  }
}
