import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

beforeAll(async () => {
  service = await bootService()
})

afterAll(async () => {
  await service?.stop()
})

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const res = await service.request().get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { status: 'ok', db: service.database.kind } })
  })
})

describe('the SQLite connection', () => {
  it('runs in WAL mode with synchronous=NORMAL (SQLITE_SYNCHRONOUS defaults to NORMAL); other databases have no such setting', async () => {
    if (service.database.kind !== 'sqlite') {
      expect(service.env.sqliteSynchronous).toBe('NORMAL')
      return
    }
    const client = (service.payload.db as unknown as { client: { execute: (sql: string) => Promise<{ rows: Record<string, unknown>[] }> } })
      .client
    expect((await client.execute('PRAGMA journal_mode')).rows[0]?.journal_mode).toBe('wal')
    // SQLite reports the level as a number: 1 is NORMAL, 2 FULL.
    expect(Number((await client.execute('PRAGMA synchronous')).rows[0]?.synchronous)).toBe(1)
  })
})

describe('closing the service', () => {
  it('leaves no connection attached to the database once close() resolves', async () => {
    await service.close()
    if (service.database.kind === 'postgres') {
      const serverUrl = new URL(service.database.url)
      const databaseName = serverUrl.pathname.slice(1)
      serverUrl.pathname = '/postgres'
      const { default: pg } = await import('pg')
      const observer = new pg.Client({ connectionString: serverUrl.toString() })
      await observer.connect()
      try {
        const { rows } = await observer.query('SELECT count(*)::int AS attached FROM pg_stat_activity WHERE datname = $1', [
          databaseName,
        ])
        expect(rows[0].attached).toBe(0)
      } finally {
        await observer.end()
      }
    } else if (service.database.kind === 'sqlite') {
      expect((service.payload.db as unknown as { client: { closed: boolean } }).client.closed).toBe(true)
    } else {
      console.log('closing the service: the MongoDB adapter closes its own connection; nothing further to check here')
    }
  })
})
