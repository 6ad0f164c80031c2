import { createClient } from '@libsql/client'

import { BackupError } from './backupError'

/** Runs SQLite's `quick_check` on a restored file before it replaces anything. */
export const checkSqliteIntegrity = async (file: string) => {
  const client = createClient({ url: `file:${file}` })
  try {
    const { rows } = await client.execute('PRAGMA quick_check')
    const problems = rows.map((row) => String(Object.values(row)[0])).filter((line) => line !== 'ok')
    if (problems.length > 0) throw new BackupError(`The archive's SQLite database fails its integrity check: ${problems.slice(0, 3).join('; ')}`)
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`The archive's SQLite database cannot be read: ${(error as Error).message}`)
  } finally {
    client.close()
  }
}
