import type { Sql } from '../db/rawSql'
import { runSchemaStatements } from '../db/schemaStatements'
import type { GenerationStore } from './generationPoller'
import { PG_LIMITS_SCHEMA } from './limitsTables'

/**
 * Outside Payload's schema, whose development push (drizzle-kit) would drop it: on Postgres in the limits' own schema,
 * on SQLite under a `libsql_` name (see lib/db/searchIndex.ts).
 */
export const GENERATION_TABLE = { postgres: `${PG_LIMITS_SCHEMA}.cache_generation`, sqlite: 'libsql_cache_generation' }

/** The one-row generation table, created at start if missing (never in a migration: it is not Payload's). */
export const sqlGenerationStore = async (db: Sql): Promise<GenerationStore> => {
  const { sql } = db
  const table = GENERATION_TABLE[db.dialect]
  // Behind the start-up schema lock: processes starting together (WORKERS) would race on the IF NOT EXISTS.
  await runSchemaStatements(db, [
    ...(db.dialect === 'postgres' ? [`CREATE SCHEMA IF NOT EXISTS ${PG_LIMITS_SCHEMA}`] : []),
    `CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL)`,
    `INSERT INTO ${table} (id, generation) VALUES (1, 0) ON CONFLICT DO NOTHING`,
  ])
  const value = (rows: Record<string, unknown>[]) => Number(rows[0]?.generation ?? 0)
  return {
    read: async () => value((await db.run(sql.raw(`SELECT generation FROM ${table} WHERE id = 1`))).rows),
    bump: async () => value((await db.run(sql.raw(`UPDATE ${table} SET generation = generation + 1 WHERE id = 1 RETURNING generation`))).rows),
  }
}
