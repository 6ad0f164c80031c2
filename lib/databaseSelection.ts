import path from 'node:path'

import { ConfigError } from './configError'

export type DatabaseKind = 'mongodb' | 'postgres' | 'sqlite'

export type DatabaseSelection = {
  kind: DatabaseKind
  /** Connection string handed to the adapter (for SQLite, a libsql `file:` URL). */
  url: string
  /** For SQLite files: the folder that must exist before the adapter opens the file. */
  directory?: string
}

const DEFAULT_SQLITE_FILE = 'content.db'

/** The file a SQLite `file:` URL names, resolved against the working folder as libsql reads it; undefined in memory. */
export const sqliteFilePath = (url: string): string | undefined => {
  const location = url.slice('file:'.length)
  return location === '' || location === ':memory:' ? undefined : path.resolve(location)
}

const sqliteFile = (url: string): DatabaseSelection => {
  const file = sqliteFilePath(url)
  return file ? { kind: 'sqlite', url, directory: path.dirname(file) } : { kind: 'sqlite', url }
}

/** Chooses the database from DATABASE_URL's scheme. Unset means the embedded SQLite file under the data folder. */
export const selectDatabase = (databaseUrl: string | undefined, dataDir: string): DatabaseSelection => {
  if (!databaseUrl) {
    return { kind: 'sqlite', url: `file:${path.join(dataDir, DEFAULT_SQLITE_FILE)}`, directory: dataDir }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(databaseUrl)?.[1]?.toLowerCase()
  switch (scheme) {
    case 'file':
      return sqliteFile(databaseUrl)
    case 'postgres':
    case 'postgresql':
      return { kind: 'postgres', url: databaseUrl }
    case 'mongodb':
    case 'mongodb+srv':
      return { kind: 'mongodb', url: databaseUrl }
    default:
      throw new ConfigError(
        `Invalid configuration: DATABASE_URL has ${scheme ? `the unsupported scheme "${scheme}:"` : 'no scheme'}; ` +
          'use file:./path.db (SQLite), postgres://... or mongodb://...',
      )
  }
}
