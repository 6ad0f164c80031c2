import { BackupError } from './backupError'
import type { MigrationRecord } from './manifest'
import { findPostgresBinDir, libpqConnection, psqlQuery, runPostgresTool, toolVersion } from './postgresTools'
import { MIGRATIONS_TABLE } from './targetContents'

/** Payload's migration rows, read with psql; a database without that table is not this service's. */
const readPostgresMigrations = async (binDir: string, databaseUrl: string): Promise<MigrationRecord[]> => {
  const found = await psqlQuery(binDir, databaseUrl, `SELECT to_regclass('public.${MIGRATIONS_TABLE}') IS NOT NULL`)
  if (found !== 't') throw new BackupError(`The Postgres database has no ${MIGRATIONS_TABLE} table: it is not a database of this service.`)
  const json = await psqlQuery(
    binDir,
    databaseUrl,
    `SELECT coalesce(json_agg(json_build_object('name', name, 'batch', batch) ORDER BY id), '[]') FROM public.${MIGRATIONS_TABLE}`,
  )
  return JSON.parse(json) as MigrationRecord[]
}

/**
 * Dumps the whole database (every schema: `public` and the search index's `blog_search`) with pg_dump, which reads
 * it in one repeatable-read transaction: a consistent snapshot while the service writes. Custom format, uncompressed
 * (the archive is gzipped as a whole), without owners and privileges so it restores under another role.
 */
export const snapshotPostgres = async (databaseUrl: string, destination: string): Promise<{ migrations: MigrationRecord[]; tool: string }> => {
  const binDir = findPostgresBinDir()
  const migrations = await readPostgresMigrations(binDir, databaseUrl)
  const { url, env } = libpqConnection(databaseUrl)
  await runPostgresTool(
    binDir,
    'pg_dump',
    ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', '--lock-wait-timeout=30000', '--file', destination, '--dbname', url],
    env,
  )
  return { migrations, tool: await toolVersion(binDir, 'pg_dump') }
}
