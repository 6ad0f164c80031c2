import { EventEmitter } from 'node:events'

import { describe, expect, it } from 'vitest'

import { CACHE_CHANNEL, type ListenerPool, startPostgresListener } from '../../lib/coherence/postgresListener'
import { pollUntil } from '../helpers/poll'

/** A fake of pg: clients that connect unless the server is `down`, and a pool whose queries are recorded. */
const fakePostgres = () => {
  const server = { down: false, connects: 0, clients: [] as FakeClient[], poolQueries: [] as string[] }
  class FakeClient extends EventEmitter {
    options: object
    constructor(options: object) {
      super()
      this.options = options
      server.clients.push(this)
    }
    async connect() {
      server.connects++
      if (server.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
    }
    async query(text: string) {
      return { text }
    }
    async end() {
      this.emit('end')
    }
    /** What the server does to a terminated backend: an error, then the end. */
    terminate() {
      this.emit('error', new Error('terminating connection due to administrator command'))
      this.emit('end')
    }
    notify(payload: string) {
      this.emit('notification', { channel: CACHE_CHANNEL, payload })
    }
  }
  const pool = {
    Client: FakeClient,
    options: { connectionString: 'postgres://x' },
    query: async (text: string) => {
      server.poolQueries.push(text)
    },
  } as unknown as ListenerPool
  return { server, pool, last: () => server.clients[server.clients.length - 1]! }
}

const recordingLogger = () => {
  const lines: string[] = []
  return { lines, logger: { info: (message: string) => lines.push(message), warn: (_: object, message: string) => lines.push(message) } }
}

describe('startPostgresListener', () => {
  it('names its connection, clears on notices from others, ignores its own', async () => {
    const { pool, last, server } = fakePostgres()
    let clears = 0
    const listener = await startPostgresListener(pool, () => clears++, recordingLogger().logger)
    try {
      expect(last().options).toMatchObject({ connectionString: 'postgres://x', application_name: `blog-cache-listener ${process.pid}` })
      expect(clears).toBe(1) // the first LISTEN clears (nothing was cached yet)
      await Promise.all([listener.announce(), listener.announce()])
      expect(server.poolQueries).toHaveLength(1)
      const own = /pg_notify\('blog_public_cache', '([^']+)'\)/.exec(server.poolQueries[0]!)![1]!
      last().notify(own)
      expect(clears).toBe(1)
      last().notify('another-process')
      expect(clears).toBe(2)
    } finally {
      await listener.stop()
    }
  })

  it('reconnects by itself after a termination and clears, since notices may have been missed', async () => {
    const { pool, last, server } = fakePostgres()
    let clears = 0
    const { lines, logger } = recordingLogger()
    const listener = await startPostgresListener(pool, () => clears++, logger)
    try {
      const first = last()
      server.down = true
      first.terminate()
      await pollUntil('a few failed attempts', async () => (server.connects >= 4 ? true : undefined), { everyMs: 20 })
      expect(lines.filter((line) => line.includes('was lost'))).toHaveLength(1)
      expect(lines.filter((line) => line.includes('cannot LISTEN'))).toHaveLength(1)
      expect(clears).toBe(1)
      server.down = false
      await pollUntil('listening again', async () => (clears === 2 ? true : undefined))
      expect(last()).not.toBe(first)
      expect(lines).toContain('cache coherence: listening again; public cache cleared')
      last().notify('another-process')
      expect(clears).toBe(3)
      first.notify('another-process') // the old connection is gone for good
      expect(clears).toBe(3)
    } finally {
      await listener.stop()
    }
  })

  it('stops reconnecting once stopped', async () => {
    const { pool, last, server } = fakePostgres()
    const listener = await startPostgresListener(pool, () => {}, recordingLogger().logger)
    await listener.stop()
    const connects = server.connects
    last().terminate()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.connects).toBe(connects)
  })
})
