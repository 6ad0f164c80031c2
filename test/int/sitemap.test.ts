import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'

import { createBlogApi } from '../../endpoints/app'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, createProject } from '../helpers/content'

// An `&` and a `'` in SITE_URL's path must be escaped in the XML.
const SITE = "https://example.com/o'neil&co"
const MAX_URLS = 3
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'
/** W3C datetime, as the sitemap protocol allows it, here always UTC to the second. */
const W3C_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/

let service: BootedService
let categoryId: number
const articles: number[] = []
const projects: number[] = []
let draftArticle: number
let draftProject: number

type UrlEntry = { loc: string; lastmod: string }
type Parsed = {
  urlset?: { '@_xmlns': string; url?: UrlEntry | UrlEntry[] }
  sitemapindex?: { '@_xmlns': string; sitemap?: UrlEntry | UrlEntry[] }
}

const xmlParser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'url' || name === 'sitemap' })

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

/** GET as text, checked against the sitemap protocol's rules common to both document kinds. */
const getXml = async (path: string, app = service.request()) => {
  const res = await app.get(path).buffer(true).parse((response, callback) => {
    let text = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => (text += chunk))
    response.on('end', () => callback(null, text))
  })
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
  const text = res.body as string
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  expect(XMLValidator.validate(text)).toBe(true)
  const parsed = xmlParser.parse(text) as Parsed
  const root = parsed.urlset ?? parsed.sitemapindex
  expect(root?.['@_xmlns']).toBe(NAMESPACE)
  const entries = list(parsed.urlset?.url ?? parsed.sitemapindex?.sitemap)
  for (const entry of entries) {
    expect(new URL(entry.loc).protocol).toBe('https:')
    expect(entry.lastmod).toMatch(W3C_SECONDS)
  }
  return { res, text, kind: parsed.urlset ? ('urlset' as const) : ('sitemapindex' as const), entries }
}

const articleUrl = async (id: number) => {
  const doc = await service.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true })
  return { loc: `${SITE}/articles/${doc.slug}-${id}`, lastmod: `${doc.updatedAt.slice(0, 19)}Z` }
}

const projectUrl = async (id: number) => {
  const doc = await service.payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })
  return { loc: `${SITE}/projects/${id}`, lastmod: `${doc.updatedAt.slice(0, 19)}Z` }
}

beforeAll(async () => {
  service = await bootService({ SITE_URL: SITE, SERVER_URL: 'https://api.example.com', SITEMAP_MAX_URLS: String(MAX_URLS) })
  categoryId = await createCategory(service.payload, 'Notes')
  for (const title of ['First', 'Second']) articles.push((await createArticle(service.payload, { title, category: categoryId })).id)
  projects.push((await createProject(service.payload, { title: 'Tool' })).id)
  draftArticle = (await createArticle(service.payload, { title: 'Draft', category: categoryId, status: 'draft' })).id
  draftProject = (await createProject(service.payload, { title: 'Draft project', status: 'draft' })).id
})

afterAll(async () => {
  await service?.stop()
})

describe('GET /api/sitemap.xml', () => {
  it('lists every published article and project with its last change, and no draft', async () => {
    const { res, text, kind, entries } = await getXml('/api/sitemap.xml')
    expect(kind).toBe('urlset')
    expect(res.headers['cache-control']).toBe('public, no-cache')
    expect(entries).toEqual([...(await Promise.all(articles.map(articleUrl))), ...(await Promise.all(projects.map(projectUrl)))])
    expect(text).toContain(`<loc>https://example.com/o&apos;neil&amp;co/articles/first-${articles[0]}</loc>`)
    expect(text).not.toContain(`-${draftArticle}<`)
    expect(text).not.toContain(`/projects/${draftProject}<`)
  })

  it('escapes a stored slug with XML special characters', async () => {
    const id = articles[1]!
    const { slug } = await service.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true })
    await service.payload.db.updateOne({ collection: 'articles', id, data: { slug: 'r&d<1>' } })
    // The raw write skipped the hooks: clear the cache as an edit would.
    await service.payload.update({ collection: 'categories', id: categoryId, data: { description: 'touched' }, overrideAccess: true })
    const { text, entries } = await getXml('/api/sitemap.xml')
    expect(text).toContain(`/articles/r&amp;d&lt;1&gt;-${id}</loc>`)
    expect(entries.map((entry) => entry.loc)).toContain(`${SITE}/articles/r&d<1>-${id}`)
    await service.payload.db.updateOne({ collection: 'articles', id, data: { slug } })
    await service.payload.update({ collection: 'categories', id: categoryId, data: { description: 'touched again' }, overrideAccess: true })
  })

  it('has no files while it is a single urlset', async () => {
    const res = await service.request().get('/api/sitemaps/1.xml')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) })
  })

  it('answers If-None-Match with an empty 304, and a change in the next answer', async () => {
    const first = await service.request().get('/api/sitemap.xml')
    const etag = first.headers.etag!
    const again = await service.request().get('/api/sitemap.xml').set('If-None-Match', etag)
    expect(again.status).toBe(304)
    expect(again.text ?? '').toBe('')

    const project = projects[0]!
    await service.payload.update({ collection: 'projects', id: project, data: { status: 'draft' }, overrideAccess: true })
    const changed = await service.request().get('/api/sitemap.xml').set('If-None-Match', etag)
    expect(changed.status).toBe(200)
    expect((await getXml('/api/sitemap.xml')).entries.map((entry) => entry.loc)).not.toContain(`${SITE}/projects/${project}`)
    await service.payload.update({ collection: 'projects', id: project, data: { status: 'published' }, overrideAccess: true })
    expect((await getXml('/api/sitemap.xml')).entries.map((entry) => entry.loc)).toContain(`${SITE}/projects/${project}`)
  })

  it(`becomes an index of files of at most ${MAX_URLS} URLs past that many, each file at its own address`, async () => {
    for (const title of ['Third', 'Fourth', 'Fifth']) articles.push((await createArticle(service.payload, { title, category: categoryId })).id)
    projects.push((await createProject(service.payload, { title: 'App' })).id)
    // 5 articles and 2 projects: files of 3, 3 and 1.
    const index = await getXml('/api/sitemap.xml')
    expect(index.kind).toBe('sitemapindex')
    expect(index.entries.map((entry) => entry.loc)).toEqual([1, 2, 3].map((n) => `https://api.example.com/api/sitemaps/${n}.xml`))

    const expected = [...(await Promise.all(articles.map(articleUrl))), ...(await Promise.all(projects.map(projectUrl)))]
    const files = []
    for (const n of [1, 2, 3]) {
      const file = await getXml(`/api/sitemaps/${n}.xml`)
      expect(file.kind).toBe('urlset')
      expect(file.entries.length).toBeLessThanOrEqual(MAX_URLS)
      const newest = file.entries.map((entry) => entry.lastmod).sort().at(-1)
      expect(index.entries[n - 1]!.lastmod).toBe(newest)
      files.push(...file.entries)
    }
    expect(files).toEqual(expected)
    expect(files.map((entry) => entry.loc).join()).not.toContain(`-${draftArticle},`)

    for (const path of ['/api/sitemaps/4.xml', '/api/sitemaps/0.xml', '/api/sitemaps/abc.xml', '/api/sitemaps/1']) {
      const res = await service.request().get(path)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) })
    }
  })
})

describe('without SITE_URL and SERVER_URL', () => {
  it("builds links from the request's origin, from X-Forwarded-* only when TRUST_PROXY is on", async () => {
    const forwarded = { 'X-Forwarded-Host': 'blog.example.org', 'X-Forwarded-Proto': 'https', Host: 'internal:3000' }
    const appWith = (trustProxy: boolean) => {
      const env = { ...service.env, siteUrl: undefined, serverUrl: undefined, trustProxy, sitemapMaxUrls: 50_000 }
      const api = createBlogApi({ database: service.database.kind, env, payload: service.payload })
      return async (path: string) => {
        const response = await api.request(path, { headers: forwarded })
        return { status: response.status, text: await response.text() }
      }
    }
    const proxied = await appWith(true)('/api/sitemap.xml')
    expect(proxied.status).toBe(200)
    expect(proxied.text).toContain(`<loc>https://blog.example.org/projects/${projects[0]}</loc>`)
    const feed = await appWith(true)('/api/feeds/feed.json')
    expect(JSON.parse(feed.text)).toMatchObject({ home_page_url: 'https://blog.example.org/', feed_url: 'https://blog.example.org/api/feeds/feed.json' })

    const direct = await appWith(false)('/api/sitemap.xml')
    expect(direct.text).toContain(`<loc>http://internal:3000/projects/${projects[0]}</loc>`)
    expect(direct.text).not.toContain('blog.example.org')
  })
})
