import { describe, expect, it } from 'vitest'
import pg from 'pg'

import { guardPostgresPool } from '../../lib/db/postgresPool'

type Listener = (value: unknown) => void

/** A pool as guardPostgresPool sees it, with the listeners it registers kept for the test to call. */
const fakePool = () => {
  const listeners = new Map<string, Listener>()
  const pool = {
    Client: class {},
    options: {},
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
    query: async () => undefined,
  }
  return { pool, connect: (client: object) => listeners.get('connect')?.(client) }
}

const fakeClient = (fail: (text: string) => boolean) => {
  const released: unknown[] = []
  const client = {
    on: () => client,
    removeAllListeners: () => client,
    release: (error?: Error) => void released.push(error),
    query: (query: string | { text: string }) => {
      const text = typeof query === 'string' ? query : query.text
      return fail(text) ? Promise.reject(new Error('Connection terminated unexpectedly')) : Promise.resolve({ rows: [] })
    },
  }
  return { client, released }
}

describe('guardPostgresPool', () => {
  it('releases a client whose BEGIN fails, with the error, so the pool drops it (drizzle never does)', async () => {
    const { pool, connect } = fakePool()
    guardPostgresPool(pool as never, { warn: () => {} })
    const { client, released } = fakeClient((text) => text === 'begin')
    connect(client)
    await expect(client.query({ text: 'begin' })).rejects.toThrow('Connection terminated unexpectedly')
    expect(released).toEqual([expect.objectContaining({ message: 'Connection terminated unexpectedly' })])
  })

  it('leaves other failed queries and successful BEGINs to their caller', async () => {
    const { pool, connect } = fakePool()
    guardPostgresPool(pool as never, { warn: () => {} })
    const { client, released } = fakeClient((text) => text.startsWith('select'))
    connect(client)
    await expect(client.query('begin')).resolves.toEqual({ rows: [] })
    await expect(client.query('select 1')).rejects.toThrow()
    expect(released).toEqual([])
  })

  it('turns a second release of a client into a warning: pg-pool would throw it where nothing catches it', async () => {
    // A real pg-pool whose clients never touch the network.
    class OfflineClient {
      on() {
        return this
      }
      once() {
        return this
      }
      removeListener() {
        return this
      }
      removeAllListeners() {
        return this
      }
      connect(callback: (error?: Error) => void) {
        callback()
      }
      end() {}
    }
    const pool = new pg.Pool({ Client: OfflineClient as never })
    const warnings: string[] = []
    guardPostgresPool(pool as never, { warn: (_object, message) => void warnings.push(message) })
    const client = await pool.connect()
    client.release()
    expect(() => client.release()).not.toThrow()
    expect(warnings).toEqual(['A Postgres client was released twice; the second release was ignored'])
  })
})
