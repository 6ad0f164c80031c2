import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService, type BootedService } from '../helpers/bootService'
import { counterRowId } from '../../lib/db/counterRows'
import { createArticle, createCategory } from '../helpers/content'

const SITE = 'https://site.example.com'
const FILE_URL = 'https://files.example.com/slides%20v2.pdf'
let service: BootedService
let articleId: number
let articleSlug: string
let resourceId: number
let category: Awaited<ReturnType<typeof createCategory>>

/** Headers that differ between any two answers of a counted route. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'etag', 'content-length', 'connection', 'keep-alive'])
const stableHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)))

const views = async () => (await service.payload.findByID({ collection: 'articles', id: articleId })).viewCount ?? 0
const downloads = async () => (await service.payload.findByID({ collection: 'resources', id: resourceId })).downloadCount ?? 0

beforeAll(async () => {
  service = await bootService({ CORS_ORIGINS: SITE })
  category = await createCategory(service.payload, 'Notes')
  const article = await createArticle(service.payload, { title: 'Counted quickly', category })
  articleId = Number(article.id)
  articleSlug = String(article.slug)
  resourceId = Number(
    (await service.payload.create({ collection: 'resources', data: { title: 'Slides', fileUrl: FILE_URL, status: 'active' }, overrideAccess: true })).id,
  )
})

afterAll(async () => {
  await service?.stop()
})

describe('counted reads of cached records', () => {
  it('an article view from the cache: the first view’s answer header for header, with the new count', async () => {
    const before = await views()
    const first = await service.request().get(`/api/articles/${articleSlug}`).set('Origin', SITE) // a miss: the route caches the article
    const second = await service.request().get(`/api/articles/${articleSlug}`).set('Origin', SITE)
    expect(second.status).toBe(200)
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers))
    expect(second.headers['access-control-allow-origin']).toBe(SITE)
    expect(second.headers.etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]+\.\d+\.\d+"$/)
    expect(second.headers.etag).not.toBe(first.headers.etag)
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.text))
    expect(second.body.data).toEqual({ ...first.body.data, viewCount: first.body.data.viewCount + 1 })
    expect(await views()).toBe(before + 2)
  })

  it('answers a matching If-None-Match with an empty 304, and still counts the view', async () => {
    const answered = await service.request().get(`/api/articles/${articleId}`)
    const before = await views()
    // The ETag of the next answer: the same body with the count one higher (the tag ends with the view and like counts).
    const tag = String(answered.headers.etag).replace(/\.\d+\.(\d+)"$/, (_, likeCount: string) => `.${before + 1}.${likeCount}"`)
    expect(tag).not.toBe(answered.headers.etag)
    const revalidated = await service.request().get(`/api/articles/${articleId}`).set('If-None-Match', tag)
    expect(revalidated.status).toBe(304)
    expect(revalidated.text).toBe('')
    expect(revalidated.headers['content-type']).toBeUndefined()
    expect(await views()).toBe(before + 1)
  })

  it('a download from the cache: the first download’s 302 header for header, counted once each', async () => {
    const before = await downloads()
    const first = await service.request().get(`/api/resources/${resourceId}/download`).set('Origin', SITE).redirects(0)
    const second = await service.request().get(`/api/resources/${resourceId}/download`).set('Origin', SITE).redirects(0)
    expect(first.status).toBe(302)
    expect(first.headers.location).toBe(FILE_URL)
    expect(second.status).toBe(302)
    expect(second.headers.location).toBe(FILE_URL)
    expect(second.headers['access-control-allow-origin']).toBe(SITE)
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers))
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(await downloads()).toBe(before + 2)
  })

  it('a query, HEAD, a token: a view counted once as the route counts it', async () => {
    await service.request().get(`/api/articles/${articleId}`)
    const before = await views()
    expect((await service.request().get(`/api/articles/${articleId}?utm_source=feed`)).body.data.viewCount).toBe(before + 1)
    for (let index = 0; index < 3; index++) expect((await service.request().head(`/api/articles/${articleId}`)).status).toBe(200)
    expect((await service.request().get(`/api/articles/${articleId}`).set('Authorization', 'Bearer nonsense')).status).toBe(401)
    expect(await views()).toBe(before + 1) // the query's view; neither a HEAD (a link checker's) nor the 401
  })

  it('a download asked for as HTML is the same 302, counted once; HEAD is not counted', async () => {
    await service.request().get(`/api/resources/${resourceId}/download`).redirects(0)
    const before = await downloads()
    const html = await service.request().get(`/api/resources/${resourceId}/download`).set('Accept', 'text/html').redirects(0)
    expect(html.status).toBe(302)
    expect(html.headers.location).toBe(FILE_URL)
    expect(await downloads()).toBe(before + 1)

    const head = await service.request().head(`/api/resources/${resourceId}/download`).redirects(0)
    expect(head.status).toBe(302)
    expect(head.headers.location).toBe(FILE_URL)
    expect(await downloads()).toBe(before + 1)
  })

  it('a record deleted behind the cache (no hook cleared it) answers 404', async () => {
    const doomed = await createArticle(service.payload, { title: 'Going away', category })
    expect((await service.request().get(`/api/articles/${doomed.id}`)).status).toBe(200)
    // Straight through the adapter: the article and its counters row go, and the cached copy stays.
    const row = await counterRowId(service.payload, 'articles', Number(doomed.id))
    await service.payload.db.deleteMany({ collection: 'article-daily-views', where: { article: { equals: doomed.id } } })
    await service.payload.db.deleteOne({ collection: 'articles', where: { id: { equals: doomed.id } } })
    await service.payload.db.deleteOne({ collection: 'counters', where: { id: { equals: row } } })
    const gone = await service.request().get(`/api/articles/${doomed.id}`)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ success: false })
  })
})
