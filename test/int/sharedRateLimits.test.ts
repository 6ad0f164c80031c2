import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PG_LIMITS_SCHEMA, PG_LIMITS_TABLE, SQLITE_LIMITS_TABLE } from '../../lib/coherence/limitsTables'
import { sqlOf } from '../../lib/db/rawSql'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true', WALL_RATE_LIMIT: '2' })
})

afterAll(async () => {
  await service?.stop()
})

const post = (ip: string, nickname: string) =>
  service.request().post('/api/wall-messages').set('X-Forwarded-For', ip).send({ nickname, content: 'Hello there' })
const messagesBy = async (nickname: string) =>
  (await service.payload.count({ collection: 'wall-messages', where: { nickname: { equals: nickname } }, overrideAccess: true })).totalDocs

/** The SQL adapters' statements; MongoDB's store (RateLimiterMongo) cannot be checked on these machines. */
const sqlOrSkip = async () => {
  const db = await sqlOf(service.payload)
  if (!db) console.log('skipped: these checks read the SQL limits table; MongoDB has none here')
  return db
}

describe('per-IP limits stored in the database', () => {
  it('keeps the points in the database table, one row per limited key', async () => {
    expect((await post('203.0.113.7', 'Stored')).status).toBe(201)
    const db = await sqlOrSkip()
    if (!db) return
    const table = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE}` : SQLITE_LIMITS_TABLE
    const { rows } = await db.run(db.sql.raw(`SELECT key, points FROM ${table} WHERE key = 'wall-post:203.0.113.7'`))
    expect(rows).toEqual([{ key: 'wall-post:203.0.113.7', points: 1 }])
  })

  it('a store that fails answers 503 SERVICE_UNAVAILABLE with Retry-After, and nothing is posted (never a 500, never unlimited)', async () => {
    const db = await sqlOrSkip()
    if (!db) return
    const table = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE}` : SQLITE_LIMITS_TABLE
    const renamed = db.dialect === 'postgres' ? `${PG_LIMITS_TABLE}_away` : `${SQLITE_LIMITS_TABLE}_away`
    await db.run(db.sql.raw(`ALTER TABLE ${table} RENAME TO ${renamed}`))
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await post('203.0.113.8', 'Broken store')
        expect(res.status).toBe(503)
        expect(res.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
        expect(res.headers['retry-after']).toBeDefined()
      }
      expect(await messagesBy('Broken store')).toBe(0)
    } finally {
      const away = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${renamed}` : renamed
      await db.run(db.sql.raw(`ALTER TABLE ${away} RENAME TO ${db.dialect === 'postgres' ? PG_LIMITS_TABLE : SQLITE_LIMITS_TABLE}`))
    }
    // Back to normal once the store answers again: the limit (2) still holds.
    const statuses = [(await post('203.0.113.8', 'Store back')).status, (await post('203.0.113.8', 'Store back')).status, (await post('203.0.113.8', 'Store back')).status]
    expect(statuses).toEqual([201, 201, 429])
  })
})
