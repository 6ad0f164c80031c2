import { sqliteFilePath } from '../databaseSelection'

/**
 * @libsql/client's client for a `file:` database (its Sqlite3Client): one connection at a time, which `transaction()`
 * hands to the transaction it starts, opening a new one for the client's next statement.
 */
export type Sqlite3Client = {
  protocol?: string
  execute: (statement: string) => Promise<{ rows: ArrayLike<unknown>[] }>
  transaction: (mode?: 'write' | 'read' | 'deferred') => Promise<{ close: () => void }>
}

type Logger = { warn: (message: string) => void }

/** What the SQLite adapter keeps on `payload.db`: the client's settings and the client. */
type SqliteAdapter = { clientConfig?: { url?: string }; client?: unknown }

/** The settings a connection has for itself, not the file: each new connection starts from SQLite's defaults. */
const CONNECTION_PRAGMAS = ['busy_timeout', 'synchronous', 'foreign_keys', 'journal_size_limit'] as const

/** The client's methods that run statements on its connection. */
const RUNS_STATEMENTS = ['execute', 'batch', 'migrate', 'executeMultiple', 'transaction'] as const

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, SQLITE_BUSY_TIMEOUT). */
const isBusy = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && /^SQLITE_BUSY/.test(String((error as { code?: unknown }).code))

/** `PRAGMA name = value` for each connection setting, as the client's connection has it now. */
const currentSettings = async (client: Sqlite3Client): Promise<string[]> => {
  const settings: string[] = []
  for (const name of CONNECTION_PRAGMAS) {
    const value = Number((await client.execute(`PRAGMA ${name}`)).rows[0]?.[0])
    if (Number.isInteger(value)) settings.push(`PRAGMA ${name} = ${value}`)
  }
  return settings
}

/**
 * libsql (0.4.7, the version @libsql/client 0.14 runs on) does not reset a statement that failed with SQLITE_BUSY:
 * SQLite keeps such a statement in progress so that it can be stepped again, and it stays so until the garbage
 * collector finalizes it (tursodatabase/libsql-js#237). While a write statement is in progress, SQLite ends none of
 * the connection's automatic read transactions: every later read on it sees the data as of the first read after
 * the failure, and every later write fails with SQLITE_BUSY_SNAPSHOT. One write that outwaited `busy_timeout`
 * behind another process's lock would leave the service serving old pages and refusing writes.
 *
 * So after a busy failure the client's connection is given away (to a transaction that is rolled back at once, the
 * one public way to make the client let go of it) and the client opens a fresh one. The old one closes when the
 * garbage collector finalizes it; SQLite keeps its file descriptor for the next connections to reuse (300 failures
 * in a row, then a collection, left 300 descriptors open, taken first by new connections). Each new connection, after
 * a busy failure or a `transaction()`, gets the settings the first one had (busy timeout, synchronous mode…).
 * The statements run synchronously under their promises: the swap happens as the caller hears of the failure.
 */
export const renewConnectionAfterBusy = async (client: Sqlite3Client, logger: Logger): Promise<void> => {
  const settings = await currentSettings(client)
  const execute = client.execute.bind(client)
  const transaction = client.transaction.bind(client)

  const configureNewConnection = () => {
    for (const setting of settings) void execute(setting).catch((error: unknown) => logger.warn(`SQLite: ${setting} failed: ${String(error)}`))
  }
  const renewConnection = () => {
    transaction('deferred').then(
      (detached) => detached.close(),
      (error: unknown) => logger.warn(`SQLite: could not replace a connection after SQLITE_BUSY: ${String(error)}`),
    )
    configureNewConnection()
  }

  for (const name of RUNS_STATEMENTS) {
    const method: unknown = Reflect.get(client, name)
    if (typeof method !== 'function') continue
    const wrapped = (...args: unknown[]): Promise<unknown> => {
      const result = Promise.resolve(method.apply(client, args) as unknown)
      if (name === 'transaction') configureNewConnection()
      return result.catch((error: unknown) => {
        if (isBusy(error)) renewConnection()
        throw error
      })
    }
    Object.defineProperty(client, name, { configurable: true, enumerable: false, writable: true, value: wrapped })
  }
}

/** The client of a `file:` URL (any other adapter's client, or none, is not). */
const isSqlite3Client = (value: unknown): value is Sqlite3Client => {
  const client = typeof value === 'object' && value !== null ? (value as Partial<Sqlite3Client>) : undefined
  return client?.protocol === 'file' && typeof client.execute === 'function' && typeof client.transaction === 'function'
}

/**
 * `renewConnectionAfterBusy` for the SQLite adapter's client, on a database file. A memory database is left alone:
 * there a new connection would be a new, empty database (and no other connection can hold a lock on it).
 */
export const renewSqliteConnectionAfterBusy = async (db: SqliteAdapter, logger: Logger): Promise<void> => {
  const url = db.clientConfig?.url ?? ''
  if (!isSqlite3Client(db.client) || !url.startsWith('file:') || !sqliteFilePath(url)) return
  await renewConnectionAfterBusy(db.client, logger)
}
