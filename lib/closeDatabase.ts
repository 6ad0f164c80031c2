import type { Payload } from 'payload'

type PoolClient = { release?: () => void }

type SqlConnections = {
  client?: { close?: () => void }
  pool?: { end?: () => Promise<void>; ended?: boolean; ending?: boolean; _clients?: PoolClient[] }
}

/**
 * Closes Payload and its database connections. The SQL adapters' destroy() forgets the schema but leaves the
 * Postgres pool and the libsql client open (MongoDB's closes its connection), so those are closed here.
 * The Postgres adapter's connect() also checks one client out of the pool and never gives it back, and
 * `pool.end()` waits for every client: the ones still checked out are released once the pool is ending.
 */
export const closeDatabase = async (payload: Payload): Promise<void> => {
  const connections = payload.db as unknown as SqlConnections
  await payload.destroy()
  const pool = connections.pool
  if (pool?.end && !pool.ended && !pool.ending) {
    const ended = pool.end()
    for (const client of [...(pool._clients ?? [])]) {
      try {
        client.release?.()
      } catch {
        // an idle client has nothing to release; the pool closes it itself
      }
    }
    await ended
  }
  connections.client?.close?.()
}
