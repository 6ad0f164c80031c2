import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { PG_LIMITS_SCHEMA, PG_LIMITS_TABLE, SQLITE_LIMITS_TABLE } from '../../lib/coherence/limitsTables'
import { sqlOf } from '../../lib/db/rawSql'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'
import { takeContractViolations } from '../helpers/contractCheck'

// A small budget keeps the suite quick; each test searches from client addresses of its own (TRUST_PROXY is on).
const RATE = 4

let service: BootedService
let editorToken = ''
let nextIp = 0
const newIp = () => `198.51.100.${++nextIp}`

type Search = { q: string; ip?: string; token?: string }
/** An anonymous search, or a staff one with `token`, from the client address `ip` (a new one unless given). */
const search = ({ q, ip = newIp(), token }: Search) => {
  const request = service.request().get('/api/search').query({ q }).set('X-Forwarded-For', ip)
  return token ? request.set('Authorization', `Bearer ${token}`) : request
}

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true', SEARCH_RATE_LIMIT: String(RATE) })
  const category = await createCategory(service.payload, 'Notes')
  await createArticle(service.payload, { title: 'Lighthouse keepers', category, content: 'The quick brown fox keeps the light of the lighthouse.' })
  await createAccount(service.payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
})

afterEach(() => {
  expect(takeContractViolations()).toEqual([])
})

afterAll(async () => {
  await service?.stop()
})

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

describe('the size of a query', () => {
  it.each([
    [words(10), 200],
    [words(11), 400],
    ['"quick brown" "the light" "of the" fox', 200],
    ['"quick brown" "the light" "of the" "the lighthouse"', 400],
    // A phrase's words count one by one: 6 + 5 = 11.
    ['"the quick brown fox keeps the" a b c d e', 400],
  ])('%j answers %i, anonymous and with a staff token', async (q, status) => {
    for (const token of [undefined, editorToken]) {
      const res = await search({ q, token })
      expect(res.status).toBe(status)
      if (status === 200) continue
      const limit = q.includes('"the lighthouse"') ? 'at most 3 quoted phrases' : 'at most 10 words'
      expect(res.body).toEqual({
        success: false,
        error: { code: 'VALIDATION_ERROR', message: `A search may have ${limit}`, details: [{ path: 'q', message: `must have ${limit}` }] },
      })
    }
    expect((await search({ q: 'lighthouse' })).body.data).toHaveLength(1)
  })
})

describe('SEARCH_RATE_LIMIT', () => {
  it(`answers the search after ${RATE} in a minute from one client 429 with Retry-After, anonymous or staff; another client is not affected`, async () => {
    const ip = newIp()
    const statuses = []
    for (let n = 0; n < RATE; n++) statuses.push((await search({ q: `lighthouse ${n}`, ip })).status)
    expect(statuses).toEqual(Array(RATE).fill(200))

    for (const token of [undefined, editorToken]) {
      const refused = await search({ q: 'lighthouse', ip, token })
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many searches; please wait a minute' } })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    }
    expect((await search({ q: 'lighthouse' })).status).toBe(200)
  })

  it('is one budget for anonymous and staff searches, and counts the searches it refuses as invalid', async () => {
    const ip = newIp()
    const statuses = [
      (await search({ q: 'lighthouse', ip })).status,
      (await search({ q: 'lighthouse', ip, token: editorToken })).status,
      (await search({ q: words(11), ip })).status,
      (await search({ q: words(11), ip, token: editorToken })).status,
      (await search({ q: 'lighthouse', ip })).status,
    ]
    expect(statuses).toEqual([200, 200, 400, 400, 429])
  })

  it('counts every address of an IPv6 /64 as one client', async () => {
    const statuses = []
    for (let n = 1; n <= RATE; n++) statuses.push((await search({ q: 'fox', ip: `2001:db8:5:5::${n}` })).status)
    expect(statuses).toEqual(Array(RATE).fill(200))
    expect((await search({ q: 'fox', ip: '2001:db8:5:5:ffff:1:2:3' })).status).toBe(429)
    expect((await search({ q: 'fox', ip: '2001:db8:5:6::1' })).status).toBe(200)
  })

  it('keeps its points in the shared limits table, so every process on the database spends one budget', async () => {
    const ip = newIp()
    for (let n = 0; n < 3; n++) expect((await search({ q: 'fox', ip })).status).toBe(200)
    const db = await sqlOf(service.payload)
    if (!db) return console.log('skipped: MongoDB keeps the points in a collection these tests do not read')
    const table = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE}` : SQLITE_LIMITS_TABLE
    const { rows } = await db.run(db.sql.raw(`SELECT key, points FROM ${table} WHERE key = 'search:${ip}'`))
    expect(rows).toEqual([{ key: `search:${ip}`, points: 3 }])
  })

  it('refuses a client past its budget without writing to the store again', async () => {
    const ip = newIp()
    const statuses = []
    for (let n = 0; n < RATE + 4; n++) statuses.push((await search({ q: 'fox', ip })).status)
    expect(statuses).toEqual([...Array<number>(RATE).fill(200), 429, 429, 429, 429])
    const db = await sqlOf(service.payload)
    if (!db) return console.log('skipped: MongoDB keeps the points in a collection these tests do not read')
    const table = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE}` : SQLITE_LIMITS_TABLE
    const { rows } = await db.run(db.sql.raw(`SELECT points FROM ${table} WHERE key = 'search:${ip}'`))
    // The first refusal was counted in the store; the three after it were answered from memory.
    expect(rows).toEqual([{ points: RATE + 1 }])
  })
})
