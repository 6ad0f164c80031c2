import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'

import { publicCache } from '../../lib/publicCache'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, createProject } from '../helpers/content'

// No SITE_URL or SERVER_URL: every link comes from the request's origin. Two URLs per sitemap file make the sitemap an index.
let service: BootedService
let articleKeys: string[] = []
let project = 0

const HOSTS = Array.from({ length: 40 }, (_, n) => `reader-${n}.example.net:${8000 + n}`)
const DOCUMENTS = ['/api/feeds/rss.xml', '/api/feeds/atom.xml', '/api/feeds/feed.json', '/api/sitemap.xml', '/api/sitemaps/1.xml', '/api/sitemaps/2.xml']

const get = (path: string, host: string) => service.request().get(path).set('Host', host).buffer(true)

beforeAll(async () => {
  service = await bootService({ SITEMAP_MAX_URLS: '2', TRUST_PROXY: 'true' })
  const category = await createCategory(service.payload, 'Notes')
  for (const title of ['First light', 'Second tide', 'Third watch']) {
    const article = await createArticle(service.payload, { title, category, content: `About [the harbour](/harbour) and ${title}.` })
    articleKeys.push(`${article.slug}-${article.id}`)
  }
  articleKeys = articleKeys.reverse()
  project = (await createProject(service.payload, { title: 'Lamp map', description: 'Lamps.' })).id
})

afterAll(async () => {
  vi.restoreAllMocks()
  await service?.stop()
})

describe('feeds and the sitemap without SITE_URL, asked under many hosts', () => {
  it('are built once per document, and each answer links to the host it was asked under', async () => {
    const finds = vi.spyOn(service.payload, 'find')
    const stored = vi.spyOn(publicCache, 'set')
    for (const host of HOSTS) {
      for (const path of DOCUMENTS) {
        const res = await get(path, host)
        expect(res.status).toBe(200)
        expect(res.text).not.toMatch(/\.invalid/)
        if (path.endsWith('.xml')) expect(XMLValidator.validate(res.text)).toBe(true)
        if (path === '/api/feeds/feed.json') {
          const feed = JSON.parse(res.text) as { home_page_url: string; feed_url: string; items: { url: string; content_html: string }[] }
          expect(feed.home_page_url).toBe(`http://${host}/`)
          expect(feed.feed_url).toBe(`http://${host}/api/feeds/feed.json`)
          expect(feed.items.map((item) => item.url)).toEqual(articleKeys.map((key) => `http://${host}/articles/${key}`))
          expect(feed.items[0]!.content_html).toContain(`href="http://${host}/harbour"`)
        }
        if (path === '/api/feeds/rss.xml') expect(res.text).toContain(`<link>http://${host}/articles/${articleKeys[0]}</link>`)
        if (path === '/api/sitemap.xml') expect(res.text).toContain(`<loc>http://${host}/api/sitemaps/2.xml</loc>`)
        if (path === '/api/sitemaps/2.xml') expect(res.text).toContain(`<loc>http://${host}/projects/${project}</loc>`)
      }
    }
    const documentsStored = stored.mock.calls.map(([key]) => key).filter((key) => key.startsWith('document:'))
    expect(documentsStored).toHaveLength(DOCUMENTS.length)
    const feedReads = finds.mock.calls.filter(([args]) => args.collection === 'articles' && args.select !== undefined && 'feedSlug' in args.select)
    expect(feedReads).toHaveLength(3)
  })

  it('gives each host its own ETag, and a 304 to a repeat', async () => {
    const [a, b] = await Promise.all([get('/api/feeds/atom.xml', 'a.example.net'), get('/api/feeds/atom.xml', 'b.example.net')])
    expect(a.headers.etag).not.toBe(b.headers.etag)
    const again = await get('/api/feeds/atom.xml', 'a.example.net').set('If-None-Match', a.headers.etag!)
    expect(again.status).toBe(304)
  })

  it('honours X-Forwarded-Proto and -Host (TRUST_PROXY): one more copy for https, the host put in', async () => {
    const res = await get('/api/feeds/feed.json', 'internal:3000').set({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'blog.example.org' })
    expect(JSON.parse(res.text)).toMatchObject({ home_page_url: 'https://blog.example.org/', feed_url: 'https://blog.example.org/api/feeds/feed.json' })
  })

  it.each([['a&b.example'], ['a"b'], ["x'y"], ['a{b}']])('answers a Host of %j 400 in the envelope', async (host) => {
    const res = await get('/api/feeds/rss.xml', host)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: 'The Host header does not name a host' } })
  })

  it('answers a scheme other than http or https 400', async () => {
    const res = await get('/api/sitemap.xml', 'a.example').set('X-Forwarded-Proto', 'gopher')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect((await get('/api/sitemap.xml', 'a.example')).status).toBe(200)
  })
})
