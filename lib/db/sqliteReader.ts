import { Worker } from 'node:worker_threads'

import type { Payload } from 'payload'

import { sqliteFilePath } from '../databaseSelection'
import { WorkerCalls, WorkerStopped } from '../workerCalls'

export type SqlValue = string | number | null
export type SqlRow = Record<string, unknown>
/** Runs one read-only statement and resolves with its rows (objects keyed by column name). */
export type SqliteRead = (sql: string, args: SqlValue[]) => Promise<SqlRow[]>

/** What the SQLite adapter keeps on `payload.db`: its client's settings, busy timeout and libsql client. */
type SqliteAdapter = {
  clientConfig?: { url?: string }
  busyTimeout?: number
  client?: { execute: (statement: { sql: string; args: SqlValue[] }) => Promise<{ rows: unknown[] }> }
}

const isSqliteAdapter = (db: object): db is SqliteAdapter => 'clientConfig' in db && 'client' in db

/**
 * Beside this module: lib/db/ from the sources, dist/ in the server's build and dist/package/ in the package's (each
 * build copies the file there as an entry of its own).
 */
const WORKER_FILE = new URL('./sqliteReadWorker.mjs', import.meta.url)

/** The file a read thread can open for this client URL: none for a memory database or a URL with options. */
export const readThreadFile = (url: string | undefined): string | undefined =>
  url?.startsWith('file:') && !url.includes('?') ? sqliteFilePath(url) : undefined

/** A thread with its own connection to the file, running statements one after another. */
class ReadThread extends WorkerCalls {
  constructor(file: string, busyTimeoutMs: number, onFailure: (error: Error) => void) {
    super(new Worker(WORKER_FILE, { workerData: { path: file, busyTimeoutMs } }), onFailure)
  }

  read(sql: string, args: SqlValue[]): Promise<SqlRow[]> {
    return this.call({ sql, args }) as Promise<SqlRow[]>
  }

  /** Closes the thread's connection, then the thread. */
  close(): Promise<void> {
    return this.stop({ close: true })
  }
}

const threads = new WeakMap<object, ReadThread>()
const readers = new WeakMap<object, SqliteRead>()
/** Adapters whose database was closed: no thread is started for them again. */
const closed = new WeakSet<object>()

/**
 * Reads for the public routes whose statements cost most (search): on a SQLite file they run in a thread of their
 * own, on its own connection (WAL: it sees every committed write, never blocks a writer), so the event loop keeps
 * answering other requests meanwhile and a second core can share the work. A memory database, or a thread that
 * stopped, is read through the adapter's client instead.
 */
export const sqliteReaderOf = (payload: Payload): SqliteRead => {
  const db: object = payload.db
  const known = readers.get(db)
  if (known) return known
  if (!isSqliteAdapter(db)) throw new Error('sqliteReaderOf needs the SQLite adapter')
  const throughClient: SqliteRead = async (sql, args) => {
    if (!db.client) throw new Error('the SQLite adapter has no client')
    return (await db.client.execute({ sql, args })).rows as SqlRow[]
  }
  const file = readThreadFile(db.clientConfig?.url)
  const read: SqliteRead = !file
    ? throughClient
    : async (sql, args) => {
        let thread = threads.get(db)
        if (closed.has(db)) return throughClient(sql, args)
        if (!thread || thread.stopped) {
          thread = new ReadThread(file, db.busyTimeout ?? 0, (error) =>
            payload.logger.warn(`The SQLite read thread stopped (${error.message}); its reads run on the main connection until it restarts`),
          )
          threads.set(db, thread)
        }
        try {
          return await thread.read(sql, args)
        } catch (error) {
          if (error instanceof WorkerStopped) return throughClient(sql, args)
          throw error
        }
      }
  readers.set(db, read)
  return read
}

/** Stops the read thread of this adapter, closing its connection (part of closing the database). */
export const closeSqliteReader = async (db: object): Promise<void> => {
  const thread = threads.get(db)
  closed.add(db)
  threads.delete(db)
  await thread?.close()
}
