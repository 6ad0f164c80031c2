import { describe, expect, it } from 'vitest'
import { createClient } from '@libsql/client'
import { RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible'

import { libsqlAsSqlite3 } from '../../lib/coherence/libsqlAsSqlite3'
import { SqliteRateLimiter } from '../../lib/coherence/sqliteRateLimiter'

describe("rate-limiter-flexible's SQLite store on libsql", () => {
  it('counts, refuses past the points, gives back, and deletes', async () => {
    const client = createClient({ url: ':memory:' })
    try {
      await client.execute('CREATE TABLE limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)')
      const limiter = new RateLimiterSQLite({
        storeClient: libsqlAsSqlite3(client),
        storeType: 'sqlite3',
        tableName: 'limits',
        tableCreated: true,
        keyPrefix: 'test',
        points: 2,
        duration: 60,
      })
      expect((await limiter.consume('ip')).remainingPoints).toBe(1)
      expect((await limiter.consume('ip')).remainingPoints).toBe(0)
      const refused = await limiter.consume('ip').catch((rejection: unknown) => rejection)
      expect(refused).toBeInstanceOf(RateLimiterRes)
      expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(58_000)
      await limiter.reward('ip', 2)
      expect((await limiter.consume('ip')).consumedPoints).toBe(2)
      expect(await limiter.delete('ip')).toBe(true)
      expect((await client.execute('SELECT count(*) AS n FROM limits')).rows[0]?.n).toBe(0)
      // Its clean-up of long-expired rows runs through the same adapter.
      await client.execute({ sql: 'INSERT INTO limits (key, points, expire) VALUES (?, 1, ?), (?, 1, ?)', args: ['old', Date.now() - 7_200_000, 'new', Date.now() + 60_000] })
      await (limiter as unknown as { clearExpired: (before: number) => Promise<void> }).clearExpired(Date.now() - 3_600_000)
      expect((await client.execute('SELECT key FROM limits')).rows.map((row) => row.key)).toEqual(['new'])
    } finally {
      client.close()
    }
  })

  it('passes a failing statement on as an error, not a refusal', async () => {
    const client = createClient({ url: ':memory:' })
    try {
      const limiter = new RateLimiterSQLite({ storeClient: libsqlAsSqlite3(client), storeType: 'sqlite3', tableName: 'missing', tableCreated: true, points: 1, duration: 60 })
      const rejection = await limiter.consume('ip').catch((error: unknown) => error)
      expect(rejection).toBeInstanceOf(Error)
      expect(String(rejection)).toMatch(/no such table/)
    } finally {
      client.close()
    }
  })

  it("the service's store skips a clean-up that fails (its timer has nobody to tell) and still reports failed consumes", async () => {
    const client = createClient({ url: ':memory:' })
    const options = { storeClient: libsqlAsSqlite3(client), storeType: 'sqlite3', tableName: 'limits', tableCreated: true, points: 1, duration: 60 } as const
    const plain = new RateLimiterSQLite(options)
    const service = new SqliteRateLimiter(options)
    client.close()
    type Cleaning = { clearExpired: (before: number) => Promise<void> }
    await expect((plain as unknown as Cleaning).clearExpired(Date.now())).rejects.toThrow(/closed/i)
    await expect((service as unknown as Cleaning).clearExpired(Date.now())).resolves.toBeUndefined()
    await expect(service.consume('ip')).rejects.toThrow(/closed/i)
  })
})
