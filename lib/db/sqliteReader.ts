import { once } from 'node:events'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

import type { Payload } from 'payload'

import { sqliteFilePath } from '../databaseSelection'
import { projectRoot } from '../projectRoot'

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

const WORKER_FILE = path.join(projectRoot, 'lib', 'db', 'sqliteReadWorker.mjs')
const CLOSE_WAIT_MS = 2000

/** The file a read thread can open for this client URL: none for a memory database or a URL with options. */
export const readThreadFile = (url: string | undefined): string | undefined =>
  url?.startsWith('file:') && !url.includes('?') ? sqliteFilePath(url) : undefined

class ThreadStopped extends Error {}

type Waiting = { resolve: (rows: SqlRow[]) => void; reject: (error: Error) => void }
type Answer = { id: number; rows?: SqlRow[]; error?: { message: string; code?: string } }

/** A thread with its own connection to the file, running statements one after another. */
class ReadThread {
  readonly worker: Worker
  stopped = false
  private closing = false
  private readonly waiting = new Map<number, Waiting>()
  private nextId = 0

  constructor(file: string, busyTimeoutMs: number, onFailure: (error: Error) => void) {
    this.worker = new Worker(WORKER_FILE, { workerData: { path: file, busyTimeoutMs } })
    // Requests in flight keep the process alive through their sockets; an idle thread must not.
    this.worker.unref()
    this.worker.on('message', ({ id, rows, error }: Answer) => {
      const waiting = this.waiting.get(id)
      this.waiting.delete(id)
      if (!error) waiting?.resolve(rows ?? [])
      else waiting?.reject(Object.assign(new Error(error.message), { code: error.code }))
    })
    this.worker.on('error', (error) => {
      onFailure(error)
      this.stop(error)
    })
    this.worker.on('exit', (code) => {
      // An 'error' has already been reported (and stopped the thread) when it caused the exit.
      if (!this.closing && !this.stopped && code !== 0) onFailure(new Error(`exit code ${code}`))
      this.stop(new ThreadStopped('the SQLite read thread stopped'))
    })
  }

  read(sql: string, args: SqlValue[]): Promise<SqlRow[]> {
    if (this.stopped) return Promise.reject(new ThreadStopped('the SQLite read thread stopped'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.worker.postMessage({ id, sql, args })
    })
  }

  async close(): Promise<void> {
    if (this.stopped) return
    this.closing = true
    const exited = once(this.worker, 'exit')
    this.worker.postMessage({ close: true })
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS)
    await exited
    clearTimeout(timer)
  }

  private stop(error: Error) {
    this.stopped = true
    for (const waiting of this.waiting.values()) waiting.reject(error instanceof ThreadStopped ? error : new ThreadStopped(error.message))
    this.waiting.clear()
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
          if (error instanceof ThreadStopped) return throughClient(sql, args)
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
