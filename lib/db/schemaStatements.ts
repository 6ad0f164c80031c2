import type { Sql } from './rawSql'

/** The advisory lock every process takes while it runs its start-up schema statements (any constant would do). */
const SCHEMA_LOCK = 731_204_611

/**
 * Runs the idempotent statements that create or replace schema objects at every start (search index, daily views
 * trigger, limits table), which several processes may run at the same moment: hosts started together, a rolling
 * restart beside a running process.
 *
 * Postgres: as one simple query (no parameters), which Postgres runs as a single transaction, behind an advisory
 * lock. Run statement by statement, concurrent starts failed ("tuple concurrently updated" replacing a function,
 * "trigger already exists", deadlocks: 90 of 90 runs of 6 concurrent psql sessions hit one), and a trigger replaced by
 * DROP then CREATE was missing for the other processes' writes in between.
 * SQLite: one by one; its single writer lock already makes each one whole.
 */
export const runSchemaStatements = async ({ dialect, sql, run }: Sql, statements: string[]): Promise<void> => {
  if (dialect === 'postgres') {
    await run(sql.raw([`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`, ...statements].join(';\n')))
    return
  }
  for (const statement of statements) await run(sql.raw(statement))
}
