import { describe, expect, it } from 'vitest'
import { createClient } from '@libsql/client'
import { drizzle } from '@payloadcms/db-sqlite/drizzle/libsql'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'

import { sqliteLimits } from '../../lib/coherence/sharedRateLimits'
import { SQLITE_LIMITS_TABLE } from '../../lib/coherence/limitsTables'

const DDL = `CREATE TABLE ${SQLITE_LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`

describe("rate-limiter-flexible's drizzle store on the SQLite adapter's table", () => {
  it('counts, refuses past the points, gives back, deletes, and keeps expiry in milliseconds', async () => {
    const client = createClient({ url: ':memory:' })
    try {
      await client.execute(DDL)
      const limiter = new RateLimiterDrizzle({ storeClient: drizzle(client), schema: sqliteLimits, keyPrefix: 'test', points: 2, duration: 60, clearExpiredByTimeout: false })
      expect((await limiter.consume('ip')).remainingPoints).toBe(1)
      expect((await limiter.consume('ip')).remainingPoints).toBe(0)
      const refused = await limiter.consume('ip').catch((rejection: unknown) => rejection)
      expect(refused).toBeInstanceOf(RateLimiterRes)
      expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(58_000)
      // The column holds epoch milliseconds, as the SQLite store of earlier releases wrote it.
      const expire = Number((await client.execute(`SELECT expire FROM ${SQLITE_LIMITS_TABLE}`)).rows[0]?.expire)
      expect(expire).toBeGreaterThan(Date.now() + 58_000)
      expect(expire).toBeLessThan(Date.now() + 61_000)
      await limiter.reward('ip', 2)
      expect((await limiter.consume('ip')).consumedPoints).toBe(2)
      expect(await limiter.delete('ip')).toBe(true)
      expect((await client.execute(`SELECT count(*) AS n FROM ${SQLITE_LIMITS_TABLE}`)).rows[0]?.n).toBe(0)
    } finally {
      client.close()
    }
  })

  it('starts a new window on a row whose window has ended', async () => {
    const client = createClient({ url: ':memory:' })
    try {
      await client.execute(DDL)
      await client.execute({ sql: `INSERT INTO ${SQLITE_LIMITS_TABLE} (key, points, expire) VALUES (?, 5, ?)`, args: ['test:ip', Date.now() - 1000] })
      const limiter = new RateLimiterDrizzle({ storeClient: drizzle(client), schema: sqliteLimits, keyPrefix: 'test', points: 2, duration: 60, clearExpiredByTimeout: false })
      expect((await limiter.consume('ip')).consumedPoints).toBe(1)
    } finally {
      client.close()
    }
  })

  it('passes a failing statement on as an error, not a refusal', async () => {
    const client = createClient({ url: ':memory:' })
    try {
      const limiter = new RateLimiterDrizzle({ storeClient: drizzle(client), schema: sqliteLimits, points: 1, duration: 60, clearExpiredByTimeout: false })
      const rejection = await limiter.consume('ip').catch((error: unknown) => error)
      expect(rejection).toBeInstanceOf(Error)
      expect(String((rejection as Error & { cause?: unknown }).cause ?? rejection)).toMatch(/no such table/)
    } finally {
      client.close()
    }
  })
})
