import { spawn } from 'node:child_process'
import path from 'node:path'

import { PG_LIMITS_SCHEMA } from '../coherence/limitsTables'
import { BackupError } from './backupError'
import { libpqConnection, psqlQuery } from './postgresTools'
import { isBookkeepingTable, MIGRATIONS_TABLE, type TargetContents } from './targetContents'

/**
 * Bookkeeping schemas: the search index's (lib/db/searchIndex.ts), rebuilt from the records, and the shared rate
 * limits' (lib/coherence/sharedRateLimits.ts), which a first start and one login fill.
 */
const BOOKKEEPING_SCHEMAS = new Set(['blog_search', PG_LIMITS_SCHEMA])

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`

type PostgresTarget = TargetContents & { schemas: string[] }

/**
 * Looks into the target database: its schemas and tables, and the rows of every table outside the bookkeeping.
 * Another client connected to it (a running service) stops the restore before anything changes.
 */
export const inspectPostgresTarget = async (binDir: string, databaseUrl: string): Promise<PostgresTarget> => {
  const overview = JSON.parse(
    await psqlQuery(
      binDir,
      databaseUrl,
      `SELECT json_build_object(
        'others', (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'),
        'schemas', (SELECT coalesce(json_agg(nspname ORDER BY nspname), '[]') FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'),
        'tables', (SELECT coalesce(json_agg(json_build_object('schema', n.nspname, 'name', c.relname) ORDER BY n.nspname, c.relname), '[]')
                   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'))`,
    ),
  ) as { others: number; schemas: string[]; tables: { schema: string; name: string }[] }

  if (overview.others > 0) {
    throw new BackupError(
      `The target Postgres database has ${overview.others} other connection(s) (is the service running?). Stop the service before restoring.`,
    )
  }
  const counted = overview.tables.filter((table) => !BOOKKEEPING_SCHEMAS.has(table.schema) && !isBookkeepingTable(table.name))
  const filledTables: TargetContents['filledTables'] = []
  if (counted.length > 0) {
    const counts = JSON.parse(
      await psqlQuery(
        binDir,
        databaseUrl,
        `SELECT json_build_array(${counted.map((table) => `(SELECT count(*) FROM ${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)})`).join(', ')})`,
      ),
    ) as number[]
    counted.forEach((table, index) => {
      const rows = Number(counts[index])
      if (rows > 0) filledTables.push({ table: table.schema === 'public' ? table.name : `${table.schema}.${table.name}`, rows })
    })
  }
  return {
    tables: overview.tables.length,
    hasMigrationsTable: overview.tables.some((table) => table.schema === 'public' && table.name === MIGRATIONS_TABLE),
    filledTables,
    schemas: overview.schemas,
  }
}

/**
 * Restores a pg_dump archive into the target in one transaction: every existing schema is dropped (`public` is
 * made again, empty, as pg_dump expects it), then pg_restore's SQL is run by psql with ON_ERROR_STOP. COMMIT is sent
 * only once pg_restore has finished well: any failure ends psql's input inside the transaction, which rolls back,
 * so the database is left as it was.
 */
export const restorePostgres = async (binDir: string, databaseUrl: string, dumpFile: string, schemasToDrop: string[]): Promise<void> => {
  const { url, env } = libpqConnection(databaseUrl)
  const prelude = [
    'BEGIN;',
    'SET LOCAL client_min_messages = warning;',
    ...schemasToDrop.map((schema) => `DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE;`),
    'CREATE SCHEMA IF NOT EXISTS public;',
    '',
  ].join('\n')

  const psql = spawn(path.join(binDir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', '-'], { env, stdio: ['pipe', 'ignore', 'pipe'] })
  const restore = spawn(path.join(binDir, 'pg_restore'), ['--no-owner', '--no-privileges', '--file=-', dumpFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const finished = (child: ReturnType<typeof spawn>, name: string) => {
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    return new Promise<{ name: string; code: number | null; stderr: string }>((resolve) => {
      child.on('error', (error) => resolve({ name, code: null, stderr: error.message }))
      child.on('close', (code) => resolve({ name, code, stderr }))
    })
  }
  const psqlDone = finished(psql, 'psql')
  const restoreDone = finished(restore, 'pg_restore')
  psql.stdin!.on('error', () => {}) // psql stopping early is reported by its exit code
  // psql stops at the first error: pg_restore, its reader gone, would wait on a full pipe forever.
  void psqlDone.then(() => restore.exitCode === null && restore.kill())
  psql.stdin!.write(prelude)
  restore.stdout!.pipe(psql.stdin!, { end: false })

  const restored = await restoreDone
  psql.stdin!.end(restored.code === 0 ? 'COMMIT;\n' : '')
  const applied = await psqlDone
  const failed = [applied, restored].filter((result) => result.code !== 0)
  if (failed.length > 0) {
    const detail = failed.map((result) => `${result.name}: ${result.stderr.trim() || `exit code ${result.code}`}`).join('; ')
    throw new BackupError(`Restoring the Postgres database failed and was rolled back: ${detail}`)
  }
}
