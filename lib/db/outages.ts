import type { Payload } from 'payload'

import { isOutage, unavailableCause } from './databaseUnavailable'
import { createOutageMonitor, type OutageMonitor } from './outageMonitor'
import { guardPostgresPool, isPgPool, pingPostgres } from './postgresPool'

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

/** The outage monitor of an adapter (undefined before `watchForOutages` ran). */
export const outageMonitorOf = (db: object): OutageMonitor | undefined => monitors.get(db)

/**
 * Tells the adapter's outage monitor about an error met where it surfaced (a door's error handler, a pool's lost
 * connection), when it says the database is gone rather than busy. The monitor confirms with a ping first.
 */
export const reportDatabaseError = (db: object, error: unknown): void => {
  const cause = unavailableCause(error)
  if (cause && isOutage(cause)) monitors.get(db)?.reportUnavailable(cause)
}

/**
 * Starts the outage monitor of this Payload's adapter, which logs an outage once when it starts and once when it
 * ends, and lets the admin UI answer 503 while it lasts. On Postgres, a lost pooled connection is logged and
 * replaced instead of ending the process, and reported. Errors are classified where they surface, not here: the
 * `/api` error handler, Payload's `afterError` (hooks/answerDatabaseOutage.ts) and the session check report them.
 */
export const watchForOutages = (payload: Payload): OutageMonitor => {
  const db = payload.db
  const existing = monitors.get(db)
  if (existing) return existing
  const monitor = createOutageMonitor({ logger: payload.logger, ping: pingFor(db) })
  monitors.set(db, monitor)
  const pool: unknown = Reflect.get(db, 'pool')
  if (isPgPool(pool)) guardPostgresPool(pool, payload.logger, (error) => reportDatabaseError(db, error))
  return monitor
}
