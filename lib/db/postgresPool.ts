type PgClient = {
  on: (event: 'error', listener: (error: Error) => void) => unknown
  removeAllListeners: (event: 'error') => unknown
  release?: (error?: Error) => void
  query?: (...args: unknown[]) => unknown
}

type PgConnection = PgClient & {
  connect: () => Promise<unknown>
  query: (sql: string) => Promise<unknown>
  end: () => Promise<unknown>
}

/** A statement with its `$1`… values; named, each connection prepares it once. */
type PgQueryConfig = { name?: string; text: string; values: unknown[] }

type PgPool = {
  /** pg-pool's client class and the options it opens clients with. */
  Client: new (options: object) => PgConnection
  options: object
  on(event: 'connect', listener: (client: PgClient) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  query(sql: string): Promise<unknown>
  query(config: PgQueryConfig): Promise<{ rows: Record<string, unknown>[] }>
  /** pg-pool internals: every client, and the idle ones. */
  _clients?: PgClient[]
  _idle?: { client: PgClient }[]
  /** pg-pool internal: makes the `release` a checked-out client gets (throws when called twice). */
  _releaseOnce?: (client: PgClient, idleListener: unknown) => (error?: Error) => void
}

export const isPgPool = (value: unknown): value is PgPool =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<PgPool>).query === 'function' &&
  typeof (value as Partial<PgPool>).on === 'function' &&
  typeof (value as Partial<PgPool>).Client === 'function'

/**
 * Whether Postgres accepts a new connection and answers on it, asked outside the pool: a pooled connection that
 * was just terminated would say "down" about a server that is up.
 */
export const pingPostgres = async (pool: PgPool): Promise<void> => {
  const client = new pool.Client(pool.options)
  client.on('error', () => {}) // the rejected promise below says it
  try {
    await client.connect()
    await client.query('select 1')
  } finally {
    await client.end().catch(() => {})
  }
}

type Logger = { warn: (object: object, message: string) => void }

const queryText = (query: unknown): unknown =>
  typeof query === 'object' && query !== null && 'text' in query ? query.text : query

const isBegin = (query: unknown): boolean => {
  const text = queryText(query)
  return typeof text === 'string' && /^\s*begin\b/i.test(text)
}

/**
 * drizzle-orm's node-postgres `transaction()` checks a client out and sends BEGIN before its try/finally: when BEGIN
 * fails (the connection was terminated as it was checked out), the client is never released. Under load, every
 * client can go that way and the pool waits forever (seen in CI: "timeout exceeded when trying to connect" for good
 * after a burst of terminations). A client whose BEGIN fails is released here, with the error, so the pool drops it.
 */
const releaseOnFailedBegin = (client: PgClient): void => {
  const query = client.query?.bind(client)
  if (!query) return
  client.query = (...args: unknown[]) => {
    const result = query(...args)
    if (!isBegin(args[0]) || !(result instanceof Promise)) return result
    return result.catch((error: unknown) => {
      client.release?.(error instanceof Error ? error : new Error(String(error)))
      throw error
    })
  }
}

/**
 * pg-pool throws when a client is released twice, from inside a driver callback: nothing can catch it, and the
 * process ends. Around a lost connection two owners can each release the client they shared (seen in CI: a query
 * of pool.query failing as the connection ended, its client already released). The second release is logged and
 * ignored instead; the first one already gave the client back (or dropped it, with an error).
 */
const tolerateDoubleRelease = (pool: PgPool, logger: Logger): void => {
  const releaseOnce = pool._releaseOnce?.bind(pool)
  if (!releaseOnce) return
  pool._releaseOnce = (client, idleListener) => {
    const release = releaseOnce(client, idleListener)
    let released = false
    return (error?: Error) => {
      if (released) {
        logger.warn({ reason: error?.message }, 'A Postgres client was released twice; the second release was ignored')
        return
      }
      released = true
      release(error)
    }
  }
}

/**
 * Makes a lost Postgres connection an event to log (and pass to `onLost`) instead of the end of the process.
 *
 * - pg-pool re-emits an idle client's error on the pool (`pool.emit('error')`): without a listener, Node throws it.
 * - A checked-out client emits `error` on itself (the pool removes its own listener while the client is out): each
 *   client gets a listener, those already open now and new ones when the pool creates them; the query in progress
 *   still fails, and the pool discards the client when it is released with that error.
 * - @payloadcms/db-postgres' connect() checks one client out and never gives it back (`connectWithReconnect`): a
 *   terminated one stays in the pool as a dead slot, and on ECONNRESET its listener checks out another for good.
 *   That client is returned to the pool here, without Payload's listener, so the pool replaces it like any other.
 *
 * Relies on pg-pool 3's `_clients` and `_idle` lists to find that client.
 */
export const guardPostgresPool = (pool: PgPool, logger: Logger, onLost: (error: Error) => void = () => {}): void => {
  tolerateDoubleRelease(pool, logger)
  pool.on('error', (error) => {
    logger.warn({ reason: error.message }, 'A Postgres connection was lost; the pool will open a new one when needed')
    onLost(error)
  })
  const ignoreOnClient = () => {}
  pool.on('connect', (client) => {
    client.on('error', ignoreOnClient)
    releaseOnFailedBegin(client)
  })

  const idle = new Set((pool._idle ?? []).map((item) => item.client))
  for (const client of pool._clients ?? []) {
    if (idle.has(client)) {
      client.on('error', ignoreOnClient) // opened before this guard: it is checked out later like any other
      releaseOnFailedBegin(client)
      continue
    }
    client.removeAllListeners('error')
    client.on('error', ignoreOnClient)
    client.release?.()
  }
}
