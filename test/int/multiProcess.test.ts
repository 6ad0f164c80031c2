import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '@libsql/client'
import pg from 'pg'

import { WHOLE_CACHE } from '../../lib/coherence/generationPoller'
import { GENERATION_TABLE } from '../../lib/coherence/sqlGeneration'
import { pollUntil } from '../helpers/poll'
import { callApi, OWNER, sharedDatabaseServers } from '../helpers/sharedDatabaseServers'
import type { ServerProcess } from '../helpers/serverProcess'

/** How soon a change committed by one process must be served by the other. */
const COHERENCE_MS = 1000

/**
 * Two service processes on two ports sharing one database (SQLite in `npm test`, Postgres under pgone/test:postgres):
 * their public caches stay coherent, their rate limits are shared, counters add up and jobs run once.
 */
describe('two processes on one database', () => {
  const { start, database } = sharedDatabaseServers('multi-process', {
    PAYLOAD_SECRET: 'multi-process-secret',
    LOG_LEVEL: 'info',
    WALL_RATE_LIMIT: '5',
    // Long enough that only a clear, never an expiry, can explain a fresh answer.
    HOME_CACHE_TTL: '3600',
    LIST_CACHE_TTL: '3600',
  })
  const servers: ServerProcess[] = []
  let a = ''
  let b = ''
  let token = ''
  let categoryId = 0

  beforeAll(async () => {
    // One after the other: the first start pushes the development schema and creates the first admin.
    servers.push(start())
    a = await servers[0]!.ready
    servers.push(start())
    b = await servers[1]!.ready
    token = (await callApi(a, 'POST', '/api/auth/login', undefined, OWNER)).body.data.token
    categoryId = (await callApi(a, 'POST', '/api/admin/categories', token, { name: 'News', type: 'article' })).body.data.id
  }, 120_000)

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM')
    await Promise.all(servers.map((server) => server.exited))
  })

  const publish = async (title: string, base = a) => {
    const res = await callApi(base, 'POST', '/api/admin/articles', token, { title, content: 'Body.', categoryId, status: 'published' })
    expect(res.status).toBe(201)
    return res.body.data as { id: number; slug: string }
  }
  const titleAt = async (base: string, slug: string) => (await callApi(base, 'GET', `/api/articles/${slug}`)).body?.data?.title as string | undefined

  /** Polls `base` until it serves `title` for `slug`; resolves with how long that took. */
  const servedWithin = async (base: string, slug: string, title: string, since: number) => {
    await pollUntil(`"${title}" served`, async () => ((await titleAt(base, slug)) === title ? true : undefined), { everyMs: 20, timeoutMs: 5000 })
    return Date.now() - since
  }

  it('an edit through A (/api) is served by B within 1 s, and one through B (/cms-api) by A', async () => {
    const article = await publish('First title')
    expect(await titleAt(b, article.slug)).toBe('First title') // B caches it (HOME_CACHE_TTL)
    expect(await titleAt(a, article.slug)).toBe('First title')

    const editedAt = Date.now()
    expect((await callApi(a, 'PUT', `/api/admin/articles/${article.id}`, token, { title: 'Second title' })).status).toBe(200)
    const onB = await servedWithin(b, article.slug, 'Second title', editedAt)
    expect(onB).toBeLessThan(COHERENCE_MS)

    const cmsEditedAt = Date.now()
    expect((await callApi(b, 'PATCH', `/cms-api/articles/${article.id}`, token, { title: 'Third title' })).status).toBe(200)
    const onA = await servedWithin(a, article.slug, 'Third title', cmsEditedAt)
    expect(onA).toBeLessThan(COHERENCE_MS)
    console.log(`${database().kind}: an edit reached the other process after ${onB} ms (/api on A) and ${onA} ms (/cms-api on B)`)
  }, 30_000)

  it('a search on B finds what A publishes, retitles and unpublishes within 1 s, from its memory copy of the index', async () => {
    const found = async (q: string) => ((await callApi(b, 'GET', `/api/search?q=${q}`)).body.data as { id: number }[]).map((hit) => hit.id)
    expect(await found('okapi')).toEqual([])
    await pollUntil('B copying the search index to memory', async () => (/Search index copied to memory/.test(servers[1]!.output()) ? true : undefined))
    const article = await publish('Okapi sightings')
    const publishedAt = Date.now()
    await pollUntil('the new article found on B', async () => ((await found('okapi')).includes(article.id) ? true : undefined), { everyMs: 20, timeoutMs: 5000 })
    const onB = Date.now() - publishedAt
    expect(onB).toBeLessThan(COHERENCE_MS)
    expect((await callApi(a, 'PUT', `/api/admin/articles/${article.id}`, token, { title: 'Zebra sightings' })).status).toBe(200)
    await pollUntil('the new title found on B', async () => ((await found('zebr')).includes(article.id) ? true : undefined), { everyMs: 20, timeoutMs: COHERENCE_MS })
    expect(await found('okapi')).toEqual([])
    expect((await callApi(a, 'PUT', `/api/admin/articles/${article.id}`, token, { status: 'draft' })).status).toBe(200)
    const total = async () => (await callApi(b, 'GET', '/api/search?q=zebra')).body.pagination.total as number
    await pollUntil('the draft gone from B, and from its count', async () => ((await total()) === 0 ? true : undefined), { everyMs: 20, timeoutMs: COHERENCE_MS })
    expect(await found('zebra')).toEqual([])
    console.log(`${database().kind}: an article published on A was found by a search on B after ${onB} ms`)
  }, 30_000)

  it('WALL_RATE_LIMIT=5 holds across A and B: 10 posts from one IP, alternating, 5 accepted', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 10; index++) {
      const res = await callApi(index % 2 ? b : a, 'POST', '/api/wall-messages', undefined, { nickname: `Guest ${index}`, content: 'Hello there' })
      statuses.push(res.status)
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201))
  }, 30_000)

  it('the login limit per account and IP holds across A and B', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not the password' }
    const statuses: number[] = []
    for (let index = 0; index < 6; index++) statuses.push((await callApi(index % 2 ? b : a, 'POST', '/api/auth/login', undefined, wrong)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  }, 30_000)

  it('1,000 counted views spread over A and B add exactly 1,000', async () => {
    const article = await publish('Counted')
    const stored = async () => (await callApi(a, 'GET', `/cms-api/articles/${article.id}?depth=0`, token)).body.viewCount as number
    const before = await stored()
    const VIEWS = 1000
    const CONCURRENCY = 20
    let next = 0
    const statuses: number[] = []
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < VIEWS) {
          const index = next++
          const res = await fetch(`${index % 2 ? b : a}/api/articles/${article.slug}`)
          await res.arrayBuffer()
          statuses.push(res.status)
        }
      }),
    )
    expect(statuses).toEqual(Array(VIEWS).fill(200))
    // Views are committed before their answer (group commit): the total is there at once, and stays.
    await pollUntil('every view stored', async () => ((await stored()) >= before + VIEWS ? true : undefined), { timeoutMs: 10_000 })
    expect(await stored()).toBe(before + VIEWS)
  }, 120_000)

  /** A scope's shared generation (the whole cache's by default) as the database holds it, read over a connection of the test's own. */
  const generationReader = async (): Promise<{ read: (scope?: string) => Promise<number>; close: () => Promise<void> }> => {
    const { kind, url } = database()
    const query = (table: string, placeholder: string) => `SELECT generation FROM ${table} WHERE scope = ${placeholder}`
    if (kind === 'sqlite') {
      const client = createClient({ url })
      const read = async (scope = WHOLE_CACHE) =>
        Number((await client.execute({ sql: query(GENERATION_TABLE.sqlite, '?'), args: [scope] })).rows[0]?.generation ?? 0)
      return { read, close: async () => client.close() }
    }
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const read = async (scope = WHOLE_CACHE) => Number((await client.query(query(GENERATION_TABLE.postgres, '$1'), [scope])).rows[0]?.generation ?? 0)
    return { read, close: () => client.end() }
  }

  it('a counted view does not clear any process cache; an edit does', async () => {
    const article = await publish('Viewed')
    if (database().kind !== 'sqlite' && database().kind !== 'postgres') {
      console.log(`skipped on ${database().kind}: the check reads the SQL databases' generation table`)
      return
    }
    const generation = await generationReader()
    try {
      const before = await generation.read()
      for (let index = 0; index < 100; index++) expect((await callApi(index % 2 ? b : a, 'GET', `/api/articles/${article.slug}`)).status).toBe(200)
      expect(await generation.read()).toBe(before)
      expect((await callApi(a, 'PUT', `/api/admin/articles/${article.id}`, token, { title: 'Viewed, edited' })).status).toBe(200)
      await pollUntil('the generation to move', async () => ((await generation.read()) > before ? true : undefined))
      expect(await generation.read()).toBe(before + 1)
    } finally {
      await generation.close()
    }
  }, 60_000)

  it("a wall message through A is on B's wall within 1 s, and clears only the wall's answers", async () => {
    const wallOn = async (base: string) => ((await callApi(base, 'GET', '/api/wall-messages')).body.data as { content: string }[]).map((message) => message.content)
    expect(await wallOn(b)).not.toContain('Scoped hello') // B caches its wall (LIST_CACHE_TTL)
    const sql = database().kind === 'sqlite' || database().kind === 'postgres'
    const generation = sql ? await generationReader() : undefined
    try {
      const before = { whole: await generation?.read(), wall: await generation?.read('wall-messages') }
      // Through /cms-api, as staff: the anonymous door's rate limit is spent by the test above.
      const postedAt = Date.now()
      const created = await callApi(a, 'POST', '/cms-api/wall-messages', token, { nickname: 'Visitor', content: 'Scoped hello', status: 'approved' })
      expect(created.status).toBe(201)
      await pollUntil('the message on B', async () => ((await wallOn(b)).includes('Scoped hello') ? true : undefined), { everyMs: 20, timeoutMs: 5000 })
      const onB = Date.now() - postedAt
      expect(onB).toBeLessThan(COHERENCE_MS)
      if (!generation) {
        console.log(`on ${database().kind}: the generation rows were not read (the check reads the SQL databases' table)`)
        return
      }
      expect(await generation.read('wall-messages')).toBe((before.wall ?? 0) + 1)
      expect(await generation.read()).toBe(before.whole)
      console.log(`${database().kind}: a wall message posted on A was on B's wall after ${onB} ms; the whole cache's generation stayed at ${before.whole}`)
    } finally {
      await generation?.close()
    }
  }, 30_000)

  // Last: it stops both processes to read all of their output.
  it('a scheduled publish runs once with two processes, and both serve it', async () => {
    const publishAt = new Date(Date.now() + 2000).toISOString()
    const draft = (await callApi(a, 'POST', '/api/admin/articles', token, { title: 'Scheduled', content: 'Soon.', categoryId, publishAt })).body.data
    expect(draft.status).toBe('draft')
    // Both processes answer 404 before, and cache nothing that would hide the publish.
    expect((await callApi(a, 'GET', `/api/articles/${draft.slug}`)).status).toBe(404)
    expect((await callApi(b, 'GET', `/api/articles/${draft.slug}`)).status).toBe(404)
    for (const base of [a, b]) {
      await pollUntil(`the publish on ${base}`, async () => ((await callApi(base, 'GET', `/api/articles/${draft.slug}`)).status === 200 ? true : undefined))
    }
    for (const server of servers) server.child.kill('SIGTERM')
    // Both stop cleanly on SIGTERM, their generation poll included.
    expect((await Promise.all(servers.map((server) => server.exited))).map((exit) => exit.code)).toEqual([0, 0])
    const lines = servers.flatMap((server) => server.output().match(new RegExp(`published articles/${draft.id} as scheduled`, 'g')) ?? [])
    expect(lines).toHaveLength(1)
  }, 60_000)
})
