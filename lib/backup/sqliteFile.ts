import { type DatabaseSelection, sqliteFilePath } from '../databaseSelection'
import { BackupError } from './backupError'

/** The file behind a SQLite selection (a `file:` URL, relative to the working folder as libsql reads it). */
export const sqliteFileOf = (selection: DatabaseSelection): string => {
  const file = sqliteFilePath(selection.url)
  if (!file) throw new BackupError('DATABASE_URL names an in-memory SQLite database: there is nothing to back up or restore.')
  return file
}
