import fs from 'node:fs'
import path from 'node:path'

import { createClient } from '@libsql/client'

import { BackupError } from './backupError'
import { isBookkeepingTable, MIGRATIONS_TABLE, type TargetContents } from './targetContents'

const isBusy = (error: unknown) => /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(String((error as Error)?.message ?? error))

/**
 * Looks into the target SQLite file. It first takes an exclusive lock (`locking_mode=EXCLUSIVE` + `BEGIN EXCLUSIVE`):
 * in WAL mode every open connection of another process holds a shared lock on the file, even when idle, so a
 * service that has the file open makes this fail, and the restore stops before changing anything. (POSIX locks are
 * per process: a connection of this same process is not seen.)
 */
export const inspectSqliteTarget = async (file: string): Promise<TargetContents> => {
  if (!fs.existsSync(file)) return { tables: 0, hasMigrationsTable: false, filledTables: [] }
  const client = createClient({ url: `file:${file}` })
  try {
    try {
      await client.execute('PRAGMA locking_mode = EXCLUSIVE')
      await client.execute('BEGIN EXCLUSIVE')
    } catch (error) {
      if (isBusy(error)) {
        throw new BackupError(`The SQLite database ${file} is in use by another process (is the service running?). Stop the service before restoring.`)
      }
      throw error
    }
    const { rows } = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    const tables = rows.map((row) => String(row.name))
    const filledTables: TargetContents['filledTables'] = []
    for (const table of tables.filter((name) => !isBookkeepingTable(name))) {
      const count = await client.execute(`SELECT count(*) AS rows FROM "${table.replaceAll('"', '""')}"`)
      const total = Number(count.rows[0]?.rows ?? 0)
      if (total > 0) filledTables.push({ table, rows: total })
    }
    await client.execute('ROLLBACK')
    // libsql's close() leaves the connection to garbage collection: give the lock back now, not at some later time.
    await client.execute('PRAGMA locking_mode = NORMAL')
    await client.execute('SELECT 1 FROM sqlite_master LIMIT 1')
    return { tables: tables.length, hasMigrationsTable: tables.includes(MIGRATIONS_TABLE), filledTables }
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`Could not read the target SQLite database ${file}: ${(error as Error).message}`)
  } finally {
    client.close()
  }
}

const syncFile = (file: string) => {
  const descriptor = fs.openSync(file, 'r')
  try {
    fs.fsyncSync(descriptor)
  } finally {
    fs.closeSync(descriptor)
  }
}

/**
 * Puts the restored file in place of `target`: it is moved (or copied, across file systems) beside the target,
 * synced, the target's leftover WAL and shared-memory files are removed (a stale WAL would be replayed onto the new
 * file), and one rename replaces the target: a crash leaves either the old database or the new one.
 */
export const replaceSqliteDatabase = (restored: string, target: string) => {
  fs.mkdirSync(path.dirname(target), { recursive: true })
  const beside = `${target}.restoring-${process.pid}`
  try {
    try {
      fs.renameSync(restored, beside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      fs.copyFileSync(restored, beside)
    }
    syncFile(beside)
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true })
    fs.renameSync(beside, target)
  } finally {
    fs.rmSync(beside, { force: true })
  }
}
