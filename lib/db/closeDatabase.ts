import type { Payload } from 'payload'

import { stopCacheBroadcast } from '../coherence/cacheBroadcast'
import { forgetPayloadInstance } from '../forgetPayloadInstance'
import { stopSearchBackfill } from '../searchBackfill'
import { outageMonitorOf } from './outages'
import { stopSearchCopy } from './searchMemory'

type PoolClient = {
  release?: () => void
  on?: (event: 'end' | 'error', listener: () => void) => void
}

/** pg's pool as the Postgres adapter keeps it on `payload.db.pool`; `_clients` and `_idle` are pg-pool's private lists. */
type PgPool = { end?: () => Promise<void>; ended?: boolean; ending?: boolean; _clients?: PoolClient[]; _idle?: { client: PoolClient }[] }
/** The libsql client the SQLite adapter keeps on `payload.db.client`. */
type LibsqlClient = { close?: () => void }

const poolOf = (db: object): PgPool | undefined => ('pool' in db && typeof db.pool === 'object' && db.pool ? db.pool : undefined)
const clientOf = (db: object): LibsqlClient | undefined =>
  'client' in db && typeof db.client === 'object' && db.client ? db.client : undefined

const CLIENT_END_WAIT_MS = 2000

/** Resolves once the client's socket has closed, or after a short wait if the server never answers. */
const socketClosed = (client: PoolClient): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, CLIENT_END_WAIT_MS)
    timer.unref()
    client.on?.('end', () => {
      clearTimeout(timer)
      resolve()
    })
    // The connection is going away on purpose: a late error from it (a server shutting down) is not news.
    client.on?.('error', () => {})
  })

/**
 * Closes Payload and its database connections, after cutting the start-up search fill, and forgets the instance
 * (lib/forgetPayloadInstance.ts). The SQL adapters' destroy() forgets the schema but leaves the Postgres pool and
 * the libsql client open (MongoDB's closes its connection), so those are closed here.
 * The Postgres adapter's connect() also checks one client out of the pool and never gives it back, and
 * `pool.end()` waits for every client: the ones still checked out are released once the pool is ending.
 * `pool.end()` resolves when its list of clients is empty, before their sockets have closed, so the sockets
 * are awaited too: a database dropped right after close() must not find a backend still attached.
 */
export const closeDatabase = async (payload: Payload): Promise<void> => {
  const pool = poolOf(payload.db)
  const client = clientOf(payload.db)
  outageMonitorOf(payload.db)?.stop()
  await stopSearchBackfill(payload)
  await stopCacheBroadcast(payload.db)
  await stopSearchCopy(payload)
  await payload.destroy()
  forgetPayloadInstance(payload)
  if (pool?.end && !pool.ended && !pool.ending) {
    const clients = [...(pool._clients ?? [])]
    // An idle client has nothing to release (the pool closes it itself); releasing it again is the double release
    // that postgresPool.ts logs as a warning.
    const idle = new Set((pool._idle ?? []).map((item) => item.client))
    const closed = Promise.all(clients.map(socketClosed))
    const ended = pool.end()
    for (const client of clients.filter((client) => !idle.has(client))) {
      try {
        client.release?.()
      } catch {
        // released meanwhile by its owner
      }
    }
    await ended
    await closed
  }
  client?.close?.()
}
