import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PG_LIMITS_SCHEMA, PG_LIMITS_TABLE, SQLITE_LIMITS_TABLE } from '../../lib/coherence/limitsTables'
import { sqlOf } from '../../lib/db/rawSql'
import { SCAN_LIMITED_MESSAGE } from '../../lib/scanRateLimit'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

// A small budget keeps the suite quick; each test asks from client addresses of its own (TRUST_PROXY is on).
const RATE = 3

let service: BootedService
const tokens = { editor: '', user: '' }
let nextIp = 0
const newIp = () => `198.51.100.${++nextIp}`

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true', SCAN_RATE_LIMIT: String(RATE) })
  const category = await createCategory(service.payload, 'Notes')
  for (const title of ['Lighthouse keepers', 'Tide tables']) await createArticle(service.payload, { title, category })
  await createAccount(service.payload, 'editor', 'editor@example.com')
  await createAccount(service.payload, 'user', 'member@example.com')
  tokens.editor = await loginToken(service, 'editor@example.com')
  tokens.user = await loginToken(service, 'member@example.com')
})

afterAll(async () => {
  await service?.stop()
})

type From = { ip: string; role?: keyof typeof tokens }

const headersOf = ({ ip, role }: From): Record<string, string> => ({ 'X-Forwarded-For': ip, ...(role ? { Authorization: `JWT ${tokens[role]}` } : {}) })

const get = (path: string, from: From) => service.request().get(path).set(headersOf(from))

const graphql = (query: string, from: From) => service.request().post('/cms-api/graphql').set(headersOf(from)).send({ query })

const SCAN = '/cms-api/articles?where[title][contains]=Light&limit=1&depth=0'
const INDEXED = '/cms-api/articles?where[slug][equals]=lighthouse-keepers&limit=1&depth=0'

/** Spends a client's whole budget with REST scans, each answered. */
const spendBudget = async (from: From) => {
  const statuses = []
  for (let n = 0; n < RATE; n++) statuses.push((await get(SCAN, from)).status)
  expect(statuses).toEqual(Array(RATE).fill(200))
}

describe('SCAN_RATE_LIMIT', () => {
  it(`answers a client's scanning query after ${RATE} in a minute 429 with Retry-After; its indexed reads and other clients are not affected`, async () => {
    const from = { ip: newIp() }
    await spendBudget(from)
    const refused = await get(SCAN, from)
    expect(refused).toMatchObject({ status: 429, body: { errors: [{ message: SCAN_LIMITED_MESSAGE }] } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    const indexed = await get(INDEXED, from)
    expect([indexed.status, indexed.body.totalDocs]).toEqual([200, 1])
    expect((await get(SCAN, { ip: newIp() })).status).toBe(200)
  })

  it('counts GraphQL scans in the same budget; the refused root field gets the 429 in errors, the others are answered', async () => {
    const from = { ip: newIp() }
    await spendBudget(from)
    const res = await graphql('{ a: Articles(where: { title: { contains: "Tide" } }, limit: 1) { totalDocs } b: Articles(where: { slug: { equals: "tide-tables" } }) { totalDocs } }', from)
    expect(res.body.data).toEqual({ a: null, b: { totalDocs: 1 } })
    expect(res.body.errors).toMatchObject([{ message: SCAN_LIMITED_MESSAGE, extensions: { statusCode: 429 } }])
  })

  it('counts members as anonymous callers; staff are not counted', async () => {
    const member = { ip: newIp(), role: 'user' as const }
    await spendBudget(member)
    expect((await get(SCAN, member)).status).toBe(429)
    expect((await get(SCAN, { ip: member.ip })).status).toBe(429)
    const editor = { ip: member.ip, role: 'editor' as const }
    for (let n = 0; n <= RATE; n++) expect((await get(SCAN, editor)).status).toBe(200)
  })

  it('counts every address of an IPv6 /64 as one client', async () => {
    for (let n = 1; n <= RATE; n++) expect((await get(SCAN, { ip: `2001:db8:7:7::${n}` })).status).toBe(200)
    expect((await get(SCAN, { ip: '2001:db8:7:7:ffff:1:2:3' })).status).toBe(429)
    expect((await get(SCAN, { ip: '2001:db8:7:8::1' })).status).toBe(200)
  })

  it('keeps its points in the shared limits table, so every process on the database spends one budget', async () => {
    const ip = newIp()
    for (let n = 0; n < 2; n++) expect((await get(SCAN, { ip })).status).toBe(200)
    const db = await sqlOf(service.payload)
    if (!db) return console.log('skipped: MongoDB keeps the points in a collection these tests do not read')
    const table = db.dialect === 'postgres' ? `${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE}` : SQLITE_LIMITS_TABLE
    const { rows } = await db.run(db.sql.raw(`SELECT key, points FROM ${table} WHERE key = 'cms-scan-ip:${ip}'`))
    expect(rows).toEqual([{ key: `cms-scan-ip:${ip}`, points: 2 }])
  })

  it('leaves the Local API and the /api routes alone', async () => {
    const ip = newIp()
    await spendBudget({ ip })
    const local = await service.payload.find({ collection: 'articles', where: { title: { contains: 'Light' } }, overrideAccess: false })
    expect(local.totalDocs).toBe(1)
    const list = await service.request().get('/api/articles').set('X-Forwarded-For', ip)
    expect([list.status, list.body.pagination.total]).toEqual([200, 2])
  })
})
