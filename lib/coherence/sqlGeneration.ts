import type { Sql } from '../db/rawSql'
import { runSchemaStatements } from '../db/schemaStatements'
import type { GenerationStore } from './generationPoller'
import { PG_LIMITS_SCHEMA } from './limitsTables'

/**
 * Outside Payload's schema, whose development push (drizzle-kit) would drop it: on Postgres in the limits' own schema,
 * on SQLite under a `libsql_` name (see lib/db/searchIndex.ts).
 */
export const GENERATION_TABLE = { postgres: `${PG_LIMITS_SCHEMA}.cache_generations`, sqlite: 'libsql_cache_generations' }

/** The one-row table of releases before cache scopes, which nothing reads any more. */
const FORMER_TABLE = { postgres: `${PG_LIMITS_SCHEMA}.cache_generation`, sqlite: 'libsql_cache_generation' }

/** A row per cache scope, created at start if missing (never in a migration: it is not Payload's). */
export const sqlGenerationStore = async (db: Sql): Promise<GenerationStore> => {
  const { sql } = db
  const table = GENERATION_TABLE[db.dialect]
  // Behind the start-up schema lock: processes starting together (WORKERS) would race on the IF NOT EXISTS.
  await runSchemaStatements(db, [
    ...(db.dialect === 'postgres' ? [`CREATE SCHEMA IF NOT EXISTS ${PG_LIMITS_SCHEMA}`] : []),
    `CREATE TABLE IF NOT EXISTS ${table} (scope TEXT PRIMARY KEY, generation INTEGER NOT NULL)`,
    `DROP TABLE IF EXISTS ${FORMER_TABLE[db.dialect]}`,
  ])
  return {
    read: async () => {
      const { rows } = await db.run(sql.raw(`SELECT scope, generation FROM ${table}`))
      return new Map(rows.map((row) => [String(row.scope), Number(row.generation)]))
    },
    bump: async (scope) => {
      const { rows } = await db.run(
        sql`INSERT INTO ${sql.raw(table)} AS counted (scope, generation) VALUES (${scope}, 1)
            ON CONFLICT (scope) DO UPDATE SET generation = counted.generation + 1 RETURNING generation`,
      )
      return Number(rows[0]?.generation ?? 0)
    },
  }
}
