import fs from 'node:fs'

import { createClient } from '@libsql/client'

import { BackupError } from './backupError'
import type { MigrationRecord } from './manifest'
import { MIGRATIONS_TABLE } from './targetContents'

/** How long the copy waits for a writer's lock when the database is not in WAL mode (in WAL mode readers never wait). */
const BUSY_TIMEOUT_MS = 10_000

/** Payload's migration rows of a SQLite file; a file without that table is not this service's database. */
export const readSqliteMigrations = async (file: string): Promise<MigrationRecord[]> => {
  const client = createClient({ url: `file:${file}` })
  try {
    const tables = await client.execute({ sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", args: [MIGRATIONS_TABLE] })
    if (tables.rows.length === 0) throw new BackupError(`The SQLite database has no ${MIGRATIONS_TABLE} table: it is not a database of this service.`)
    const { rows } = await client.execute(`SELECT name, batch FROM ${MIGRATIONS_TABLE} ORDER BY id`)
    return rows.map((row) => ({ name: String(row.name), batch: row.batch === null ? null : Number(row.batch) }))
  } finally {
    client.close()
  }
}

/**
 * Copies the live SQLite database into `destination` with `VACUUM INTO`, through a connection of its own: one read
 * transaction, so the copy is a consistent snapshot while the service goes on writing (WAL mode). The copy is
 * compacted and holds no WAL. Returns the snapshot's migration state.
 */
export const snapshotSqlite = async (source: string, destination: string): Promise<MigrationRecord[]> => {
  if (!fs.existsSync(source)) {
    throw new BackupError(`No SQLite database at ${source}: check DATABASE_URL and DATA_DIR (the service creates the file on its first start).`)
  }
  const client = createClient({ url: `file:${source}` })
  try {
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
    await client.execute({ sql: 'VACUUM INTO ?', args: [destination] })
  } catch (error) {
    throw new BackupError(`Could not copy the SQLite database ${source}: ${(error as Error).message}`)
  } finally {
    client.close()
  }
  return readSqliteMigrations(destination)
}
