import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'

import { responseKey } from '../../endpoints/http/publicResponse'
import { memorySearchIndexOf } from '../../lib/db/searchMemory'
import { publicCache } from '../../lib/publicCache'
import { bootService, type BootedService } from '../helpers/bootService'
import { spyOnExpress } from '../helpers/expressSpy'
import { createArticle, createCategory, createProject } from '../helpers/content'
import { takeContractViolations } from '../helpers/contractCheck'
import { pollUntil } from '../helpers/poll'

const SITE = 'https://site.example.com'
let service: BootedService
let category: Awaited<ReturnType<typeof createCategory>>
let toExpress: ReturnType<typeof spyOnExpress>

/**
 * The same search through Express: a trailing slash reaches the same route under another address (one the OpenAPI
 * description does not list, so the contract check's note on it is taken here).
 */
const throughExpress = async (query: string) => {
  const answer = await service.request().get(`/api/search/?${query}`).set('Origin', SITE)
  expect(takeContractViolations()).toEqual([expect.stringContaining(`GET /api/search/?${query} → 200`)])
  return answer
}

/** Headers that differ between any two answers, whichever path writes them. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive'])
const stableHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)))

beforeAll(async () => {
  service = await bootService({ CORS_ORIGINS: SITE, SEARCH_RATE_LIMIT: '0' })
  category = await createCategory(service.payload, 'Notes')
  await createArticle(service.payload, { title: 'Lighthouse keepers of the north', category, content: 'A lighthouse keeper writes a *logbook* every night.' })
  await createArticle(service.payload, { title: 'Tide tables', category, content: 'Every lighthouse needs the tide tables, & keepers know them.' })
  await createProject(service.payload, { title: 'Lighthouse map', description: 'A map of every lighthouse on the coast.' })
  // Every search below is answered by the memory copy: the database's scores can differ from its in their last digits, so a
  // search answered by each in turn would not have the same ETag.
  if (service.database.kind !== 'mongodb') await pollUntil('the memory copy of the search index', () => memorySearchIndexOf(service.payload))
  toExpress = spyOnExpress(service)
})

afterEach(() => {
  toExpress?.mockClear()
})

afterAll(async () => {
  toExpress?.mockRestore()
  await service?.stop()
})

describe('anonymous searches answered before Express', () => {
  it('a new search is answered without Express, with the route’s body and headers', async () => {
    const fast = await service.request().get('/api/search?q=lighthouse&limit=2&page=1').set('Origin', SITE)
    expect(toExpress).not.toHaveBeenCalled()
    const routed = await throughExpress('q=lighthouse&limit=2&page=1')
    expect(toExpress).toHaveBeenCalledTimes(1)
    expect(fast.status).toBe(200)
    expect(fast.text).toBe(routed.text)
    expect(stableHeaders(fast.headers)).toEqual(stableHeaders(routed.headers))
    expect(fast.headers['access-control-allow-origin']).toBe(SITE)
    expect(fast.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
    expect(fast.body.data.map((hit: { title: string }) => hit.title)).toHaveLength(2)
  })

  it('answers a matching ETag with a 304, and keeps no answer in the public cache (neither does the route)', async () => {
    const first = await service.request().get('/api/search?q=tide')
    const again = await service.request().get('/api/search?q=tide').set('If-None-Match', first.headers.etag!)
    expect(toExpress).not.toHaveBeenCalled()
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    await throughExpress('q=tide')
    expect([publicCache.get(responseKey('/api/search?q=tide')), publicCache.get(responseKey('/api/search/?q=tide'))]).toEqual([undefined, undefined])
  })

  it('parameters the route ignores, repeated ones and percent-encoding are read as Express reads them', async () => {
    const fast = await service.request().get('/api/search?q=lighthouse%20keep&q=ignored&type=article&n=7').set('Origin', SITE)
    expect(toExpress).not.toHaveBeenCalled()
    const routed = await throughExpress('q=lighthouse%20keep&q=ignored&type=article&n=7')
    expect(fast.text).toBe(routed.text)
    expect(fast.body.data.map((hit: { type: string }) => hit.type)).toEqual(['article', 'article'])
  })

  it('what the route refuses goes on to Express and gets its 400 envelope', async () => {
    for (const query of ['', 'q=', 'q=lighthouse&type=everything', 'q=lighthouse&limit=0', 'q=light%00house']) {
      toExpress.mockClear()
      const refused = await service.request().get(`/api/search?${query}`)
      expect(toExpress).toHaveBeenCalledTimes(1)
      expect(refused.status).toBe(400)
      expect(refused.body.success).toBe(false)
      expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('a caller with a token, HEAD and other methods go through Express', async () => {
    const withToken = await service.request().get('/api/search?q=map').set('Authorization', 'Bearer not-a-token')
    expect(withToken.status).toBe(401)
    const head = await service.request().head('/api/search?q=harbour')
    expect(head.status).toBe(200)
    expect(toExpress).toHaveBeenCalledTimes(2)
  })

  it('a change clears the kept answers: the next search finds the new record', async () => {
    expect((await service.request().get('/api/search?q=harbour')).body.pagination.total).toBe(0)
    await createArticle(service.payload, { title: 'Harbour lights', category, content: 'Boats in the harbour.' })
    expect((await service.request().get('/api/search?q=harbour')).body.pagination.total).toBe(1)
  })
})
