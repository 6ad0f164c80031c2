import type { Payload } from 'payload'

export type SqlValue = string | number | null
export type SqlRow = Record<string, unknown>
/** Runs one statement and resolves with its rows (objects keyed by column name). */
export type SqliteRead = (sql: string, args: SqlValue[]) => Promise<SqlRow[]>

/** What the SQLite adapter keeps on `payload.db`: its libsql client. */
type SqliteAdapter = { client?: { execute: (statement: { sql: string; args: SqlValue[] }) => Promise<{ rows: unknown[] }> } }

const isSqliteAdapter = (db: object): db is SqliteAdapter => 'client' in db

/**
 * Statements run as text on the SQLite adapter's own client: search's, the change log its memory copy follows, and the
 * counters' group commit (its one write).
 */
export const sqliteReaderOf = (payload: Payload): SqliteRead => {
  const db: object = payload.db
  if (!isSqliteAdapter(db)) throw new Error('sqliteReaderOf needs the SQLite adapter')
  return async (sql, args) => {
    if (!db.client) throw new Error('the SQLite adapter has no client')
    return (await db.client.execute({ sql, args })).rows as SqlRow[]
  }
}
