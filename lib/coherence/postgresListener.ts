import { randomUUID } from 'node:crypto'

import { type CacheBroadcast, coalesced } from './cacheBroadcast'

/** The channel every process LISTENs on; a notice's payload is the sending process's origin id. */
export const CACHE_CHANNEL = 'blog_public_cache'
/** `application_name` of the listening connection, with the process id, so it can be found in `pg_stat_activity`. */
export const listenerApplicationName = (pid: number = process.pid) => `blog-cache-listener ${pid}`

const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 5000
/** A quiet connection is asked `SELECT 1` this often: a peer gone without a word (a dead host, a dropped route) is found. */
const PING_EVERY_MS = 30_000
const PING_TIMEOUT_MS = 5000

type Notification = { channel: string; payload?: string }

type ListenerClient = {
  connect: () => Promise<unknown>
  query: (text: string) => Promise<unknown>
  end: () => Promise<unknown>
  on(event: 'notification', listener: (message: Notification) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

/** pg-pool as the Postgres adapter keeps it on `payload.db.pool`: its Client class and the options it connects with. */
export type ListenerPool = {
  Client: new (options: object) => ListenerClient
  options: object
  query: (text: string) => Promise<unknown>
}

export const isListenerPool = (value: unknown): value is ListenerPool =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<ListenerPool>).Client === 'function' &&
  typeof (value as Partial<ListenerPool>).query === 'function' &&
  typeof (value as Partial<ListenerPool>).options === 'object'

type Logger = { info: (message: string) => void; warn: (object: object, message: string) => void }

/**
 * LISTEN/NOTIFY between the processes on one Postgres. A dedicated connection (outside the pool, which would hand it
 * to queries) LISTENs; when it is lost it reconnects by itself, backing off from 100 ms to 5 s, and every successful
 * LISTEN clears the cache, since notices sent while it was away are lost. Announcements go through the pool (they
 * do not depend on the listener being up) and carry this process's origin id: its own notices are ignored, since it
 * cleared already.
 */
export const startPostgresListener = async (pool: ListenerPool, onRemoteClear: () => void, logger: Logger): Promise<CacheBroadcast> => {
  const origin = randomUUID()
  let client: ListenerClient | undefined
  let stopped = false
  let retryMs = FIRST_RETRY_MS
  let retryTimer: NodeJS.Timeout | undefined
  let failures = 0
  let ping: NodeJS.Timeout | undefined

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  const connect = async (): Promise<void> => {
    const current = new pool.Client({ ...pool.options, application_name: listenerApplicationName() })
    client = current
    let lost = false
    let listening = false
    const onLost = (error?: Error) => {
      if (lost || stopped || client !== current) return
      lost = true
      clearInterval(ping)
      // A connection that never listened is a failed attempt, logged once per streak below.
      if (listening) logger.warn({ reason: error?.message ?? 'connection ended' }, 'cache coherence: the LISTEN connection was lost; reconnecting')
      void current.end().catch(() => {})
      scheduleReconnect()
    }
    current.on('error', onLost)
    current.on('end', () => onLost())
    current.on('notification', (message) => {
      if (!lost && message.channel === CACHE_CHANNEL && message.payload !== origin) onRemoteClear()
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${CACHE_CHANNEL}`)
    } catch (error) {
      if (failures++ === 0 && !lost) {
        logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'cache coherence: cannot LISTEN; retrying')
      }
      onLost(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (stopped) {
      await current.end().catch(() => {})
      return
    }
    if (failures > 0 || retryMs > FIRST_RETRY_MS) logger.info('cache coherence: listening again; public cache cleared')
    listening = true
    failures = 0
    retryMs = FIRST_RETRY_MS
    onRemoteClear()
    ping = setInterval(() => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer to a ping')), PING_TIMEOUT_MS).unref())
      Promise.race([current.query('SELECT 1'), timeout]).catch((error: unknown) => onLost(error instanceof Error ? error : new Error(String(error))))
    }, PING_EVERY_MS)
    ping.unref()
  }

  await connect()

  const notify = coalesced(async () => {
    try {
      await pool.query(`SELECT pg_notify('${CACHE_CHANNEL}', '${origin}')`)
    } catch (error) {
      logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'cache coherence: could not notify the other processes; they serve their cache until it expires',
      )
    }
  })

  return {
    announce: notify.trigger,
    stop: async () => {
      stopped = true
      clearTimeout(retryTimer)
      clearInterval(ping)
      await notify.settled()
      await client?.end().catch(() => {})
    },
  }
}
