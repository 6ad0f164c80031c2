import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { responseKey } from '../../endpoints/http/publicResponse'
import { memorySearchIndexOf } from '../../lib/db/searchMemory'
import { publicCache } from '../../lib/publicCache'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, createProject } from '../helpers/content'
import { pollUntil } from '../helpers/poll'

const SITE = 'https://site.example.com'
let service: BootedService
let category: Awaited<ReturnType<typeof createCategory>>

/** Headers that differ between any two answers. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive'])
const stableHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)))

const anonymousSearch = (query: string) => service.request().get(`/api/search?${query}`).set('Origin', SITE)

beforeAll(async () => {
  service = await bootService({ CORS_ORIGINS: SITE, SEARCH_RATE_LIMIT: '0' })
  category = await createCategory(service.payload, 'Notes')
  await createArticle(service.payload, { title: 'Lighthouse keepers of the north', category, content: 'A lighthouse keeper writes a *logbook* every night.' })
  await createArticle(service.payload, { title: 'Tide tables', category, content: 'Every lighthouse needs the tide tables, & keepers know them.' })
  await createProject(service.payload, { title: 'Lighthouse map', description: 'A map of every lighthouse on the coast.' })
  // Every search below is answered by the memory copy: the database's scores can differ from its in their last digits, so a
  // search answered by each in turn would not have the same ETag.
  if (service.database.kind !== 'mongodb') await pollUntil('the memory copy of the search index', () => memorySearchIndexOf(service.payload))
})

afterAll(async () => {
  await service?.stop()
})

describe('anonymous search answers', () => {
  it('a search answers its page with the same body and headers each time it is asked', async () => {
    const first = await anonymousSearch('q=lighthouse&limit=2&page=1')
    const again = await anonymousSearch('q=lighthouse&limit=2&page=1')
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toMatch(/^application\/json/)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]+"$/)
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text))
    expect(first.headers['access-control-allow-origin']).toBe(SITE)
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
    expect(first.body.data.map((hit: { title: string }) => hit.title)).toHaveLength(2)
    expect(again.status).toBe(200)
    expect(again.text).toBe(first.text)
    expect(stableHeaders(again.headers)).toEqual(stableHeaders(first.headers))
  })

  it('answers a matching ETag with a 304, and keeps no answer in the public cache', async () => {
    const first = await service.request().get('/api/search?q=tide')
    expect(first.status).toBe(200)
    const again = await service.request().get('/api/search?q=tide').set('If-None-Match', first.headers.etag!)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(publicCache.get(responseKey('/api/search?q=tide'))).toBeUndefined()
  })

  it('parameters the route ignores, repeated ones and percent-encoding are read as before: the first value counts', async () => {
    const mixed = await anonymousSearch('q=lighthouse%20keep&q=ignored&type=article&n=7')
    const plain = await anonymousSearch('q=lighthouse+keep&type=article')
    expect(mixed.status).toBe(200)
    expect(mixed.text).toBe(plain.text)
    expect(mixed.body.data.map((hit: { type: string }) => hit.type)).toEqual(['article', 'article'])
    const repeatedType = await anonymousSearch('q=lighthouse%20keep&type=article&type=project')
    expect(repeatedType.text).toBe(plain.text)
  })

  it('what the route refuses gets its 400 envelope', async () => {
    for (const query of ['', 'q=', 'q=lighthouse&type=everything', 'q=lighthouse&limit=0', 'q=light%00house']) {
      const refused = await service.request().get(`/api/search?${query}`)
      expect({ query, status: refused.status }).toEqual({ query, status: 400 })
      expect(refused.body.success).toBe(false)
      expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('a caller with a bad token is refused; HEAD answers as GET does', async () => {
    const withToken = await service.request().get('/api/search?q=map').set('Authorization', 'Bearer not-a-token')
    expect(withToken.status).toBe(401)
    const head = await service.request().head('/api/search?q=harbour')
    expect(head.status).toBe(200)
  })

  it('a change clears the kept answers: the next search finds the new record', async () => {
    expect((await service.request().get('/api/search?q=harbour')).body.pagination.total).toBe(0)
    await createArticle(service.payload, { title: 'Harbour lights', category, content: 'Boats in the harbour.' })
    expect((await service.request().get('/api/search?q=harbour')).body.pagination.total).toBe(1)
  })
})
