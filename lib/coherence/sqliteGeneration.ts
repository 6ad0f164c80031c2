import type { Sql } from '../db/rawSql'
import type { GenerationStore } from './generationPoller'

/** Starts with `libsql_` so Payload's development schema push (drizzle-kit) leaves it alone (see lib/db/searchIndex.ts). */
export const SQLITE_GENERATION_TABLE = 'libsql_cache_generation'

/** The one-row generation table, created at start if missing (never in a migration: it is not Payload's). */
export const sqliteGenerationStore = async (db: Sql): Promise<GenerationStore> => {
  const { sql } = db
  await db.run(sql.raw(`CREATE TABLE IF NOT EXISTS ${SQLITE_GENERATION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL)`))
  await db.run(sql.raw(`INSERT OR IGNORE INTO ${SQLITE_GENERATION_TABLE} (id, generation) VALUES (1, 0)`))
  const value = (rows: Record<string, unknown>[]) => Number(rows[0]?.generation ?? 0)
  return {
    read: async () => value((await db.run(sql.raw(`SELECT generation FROM ${SQLITE_GENERATION_TABLE} WHERE id = 1`))).rows),
    bump: async () =>
      value((await db.run(sql.raw(`UPDATE ${SQLITE_GENERATION_TABLE} SET generation = generation + 1 WHERE id = 1 RETURNING generation`))).rows),
  }
}
