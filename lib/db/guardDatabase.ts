import type { DatabaseAdapter, Payload } from 'payload'

import { DatabaseUnavailableError, type ErrorLike, errorLike, isOutage, unavailableCause } from './databaseUnavailable'
import { createOutageMonitor, type OutageMonitor } from './outageMonitor'
import { guardPostgresPool, isPgPool, pingPostgres } from './postgresPool'

/**
 * Adapter operations that change nothing when they fail: reads, and starting a transaction. One that met a lost
 * connection is tried once more, on another connection.
 */
const SAFE_TO_RETRY = [
  'beginTransaction',
  'count',
  'countGlobalVersions',
  'countVersions',
  'find',
  'findDistinct',
  'findGlobal',
  'findGlobalVersions',
  'findOne',
  'findVersions',
  'queryDrafts',
] as const satisfies readonly (keyof DatabaseAdapter)[]

const WRITES = [
  'commitTransaction',
  'rollbackTransaction',
  'create',
  'createGlobal',
  'createGlobalVersion',
  'createVersion',
  'deleteMany',
  'deleteOne',
  'deleteVersions',
  'updateGlobal',
  'updateGlobalVersion',
  'updateJobs',
  'updateMany',
  'updateOne',
  'updateVersion',
  'upsert',
] as const satisfies readonly (keyof DatabaseAdapter)[]

/** The adapter operations every Local API call goes through (Payload's `DatabaseAdapter` interface). */
const OPERATIONS = [...SAFE_TO_RETRY, ...WRITES]
const RETRIED_ON_LOST_CONNECTION = new Set<string>(SAFE_TO_RETRY)

type Executes = { execute: (sql: string) => Promise<unknown> }
type MongoConnection = { db?: { admin: () => { ping: () => Promise<unknown> } } }

const hasExecute = (value: unknown): value is Executes =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Executes>).execute === 'function'

/** One trivial round trip to the database: the Postgres pool, the libsql client or the MongoDB connection. */
const pingFor = (db: object) => async (): Promise<unknown> => {
  const pool: unknown = Reflect.get(db, 'pool')
  if (isPgPool(pool)) return pingPostgres(pool)
  const client: unknown = Reflect.get(db, 'client')
  if (hasExecute(client)) return client.execute('select 1')
  const connection = Reflect.get(db, 'connection') as MongoConnection | undefined
  if (connection?.db) return connection.db.admin().ping()
  throw new Error('no way to ping this database adapter')
}

const monitors = new WeakMap<object, OutageMonitor>()

/** The outage monitor of a guarded adapter (undefined before `guardDatabase` ran). */
export const outageMonitorOf = (db: object): OutageMonitor | undefined => monitors.get(db)

/** Tells the monitor (when the cause means the database is gone, not busy) and wraps the error for every door. */
const unavailable = (db: object, error: unknown, cause: ErrorLike): DatabaseUnavailableError => {
  if (isOutage(cause)) monitors.get(db)?.reportUnavailable(cause)
  return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error)
}

/**
 * Why an operation failed for want of a connection, if it did. On the SQL adapters a BEGIN cannot fail for the
 * data's sake, and Payload's drizzle layer rewraps its error as text without the cause: any failed BEGIN counts.
 */
const lostConnectionCause = (operation: string, error: unknown, sql: boolean): ErrorLike | undefined =>
  unavailableCause(error) ?? (sql && operation === 'beginTransaction' ? errorLike(error) : undefined)

/** Tells the outage monitor about an error met outside Payload's adapter (raw SQL through the adapter's drizzle). */
export const reportDatabaseError = (db: object, error: unknown): void => {
  const cause = unavailableCause(error)
  if (cause) unavailable(db, error, cause)
}

/**
 * Keeps the process up and the answers honest through database faults: lost Postgres connections are logged and
 * replaced, and every adapter operation that fails because the database is unreachable throws
 * `DatabaseUnavailableError` (503) and tells the outage monitor, which logs the outage's start and end once.
 * A read that meets a lost connection is tried once more (the pool hands out another); writes are not, since a
 * lost connection may have lost the answer, not the write. While the monitor knows the database is down (it
 * checks every second), operations fail at once.
 * Called once per Payload instance, right after it connected (the admin UI's Next server has its own).
 */
export const guardDatabase = (payload: Payload): OutageMonitor => {
  const db = payload.db
  const existing = monitors.get(db)
  if (existing) return existing

  const pool: unknown = Reflect.get(db, 'pool')
  if (isPgPool(pool)) guardPostgresPool(pool, payload.logger)

  const monitor = createOutageMonitor({ logger: payload.logger, ping: pingFor(db) })
  const sql = Reflect.get(db, 'drizzle') !== undefined
  monitors.set(db, monitor)

  for (const name of OPERATIONS) {
    const operation: unknown = db[name]
    if (typeof operation !== 'function') continue
    Object.defineProperty(db, name, {
      configurable: true,
      enumerable: true,
      writable: true,
      value: async function guarded(this: unknown, ...args: unknown[]) {
        // While the monitor knows the database is down, fail at once instead of waiting on a connection.
        if (monitor.isDown()) throw new DatabaseUnavailableError(monitor.lastError())
        try {
          return await operation.apply(this, args)
        } catch (error) {
          const cause = lostConnectionCause(name, error, sql)
          if (!cause) throw error
          if (!RETRIED_ON_LOST_CONNECTION.has(name)) throw unavailable(db, error, cause)
        }
        try {
          return await operation.apply(this, args)
        } catch (error) {
          const cause = lostConnectionCause(name, error, sql)
          throw cause ? unavailable(db, error, cause) : error
        }
      },
    })
  }
  return monitor
}
