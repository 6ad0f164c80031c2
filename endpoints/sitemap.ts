import { setImmediate as nextTurn } from 'node:timers/promises'

import { Hono } from 'hono'
import type { Payload } from 'payload'

import { ARTICLES_SLUG } from '../collections/Articles'
import { PROJECTS_SLUG } from '../collections/Projects'
import { publishedColumns } from '../lib/db/publishedColumns'
import { cached } from '../lib/publicCache'
import { SITEMAP_CONTENT_TYPE } from './contracts/sitemap'
import { notFound } from './http/apiError'
import { sendPublicDocument } from './http/publicDocument'
import { requestOriginTemplate } from './http/requestOrigin'
import type { ApiContext, ApiEnv } from './http/requestTypes'
import { type SitemapEntry, sitemapIndex, sitemapPage, urlSet } from './serializers/sitemap'

export type SitemapOptions = {
  /** URLs per sitemap file (SITEMAP_MAX_URLS, at most the protocol's 50,000); past it the sitemap is an index. */
  maxUrls: number
  /** Seconds the list of published records and the built files are kept (every change clears them). */
  ttl: number
  /** Where the public site shows articles and projects (SITE_URL); else the request's origin. */
  siteUrl?: string
  /** Where this service is reached (SERVER_URL), for the index's links to its files; else the request's origin. */
  serverUrl?: string
}

const PUBLISHED = { status: { equals: 'published' } }

/** What one entry of the list weighs against the public cache's size limit: roughly its bytes. */
const ENTRY_WEIGHT = 200

const byId = (a: SitemapEntry, b: SitemapEntry) => a.id - b.id

/** A date column as its driver gives it (SQLite's ISO text, Postgres's `2026-01-31 09:30:00.123+00`), in ISO form. */
const isoDate = (value: unknown): string => new Date(value as string).toISOString()

/** Every published article, then every published project, each by id. */
const loadEntries = (payload: Payload, ttl: number): Promise<SitemapEntry[]> =>
  cached(
    'sitemap:entries',
    ttl,
    async () => {
      // Each step in a turn of its own: with 10,000 articles the read and the document each take tens of milliseconds.
      const articles = await publishedColumns(payload, ARTICLES_SLUG, ['id', 'slug', 'updatedAt'])
      await nextTurn()
      const projects = await publishedColumns(payload, PROJECTS_SLUG, ['id', 'updatedAt'])
      if (!articles || !projects) return loadEntriesThroughPayload(payload)
      return [
        ...articles
          .map(({ id, slug, updatedAt }): SitemapEntry => ({ kind: 'article', id: Number(id), slug: slug as string | null, updatedAt: isoDate(updatedAt) }))
          .sort(byId),
        ...projects.map(({ id, updatedAt }): SitemapEntry => ({ kind: 'project', id: Number(id), updatedAt: isoDate(updatedAt) })).sort(byId),
      ]
    },
    (entries) => entries.length * ENTRY_WEIGHT,
  )

/** The same list read through Payload, on adapters without SQL (MongoDB). */
const loadEntriesThroughPayload = async (payload: Payload): Promise<SitemapEntry[]> => {
  const read = { depth: 0, overrideAccess: false, pagination: false, sort: 'id', where: PUBLISHED } as const
  const [articles, projects] = await Promise.all([
    payload.find({ collection: ARTICLES_SLUG, ...read, select: { slug: true, updatedAt: true } }),
    payload.find({ collection: PROJECTS_SLUG, ...read, select: { updatedAt: true } }),
  ])
  return [
    ...articles.docs.map(({ id, slug, updatedAt }): SitemapEntry => ({ kind: 'article', id, slug, updatedAt })),
    ...projects.docs.map(({ id, updatedAt }): SitemapEntry => ({ kind: 'project', id, updatedAt })),
  ]
}

/** GET /sitemap.xml (a urlset, or past `maxUrls` URLs a sitemap index) and GET /sitemaps/{n}.xml (its files). */
export const sitemapRoutes = (payload: Payload, { maxUrls, ttl, siteUrl, serverUrl }: SitemapOptions): Hono<ApiEnv> => {
  // Without SITE_URL or SERVER_URL, one copy per scheme is built for every host, which goes in as it is sent.
  const bases = (c: ApiContext) => {
    const origin = siteUrl === undefined || serverUrl === undefined ? requestOriginTemplate(c) : undefined
    return { site: siteUrl ?? origin?.origin ?? '', server: serverUrl ?? origin?.origin ?? '', host: origin?.host }
  }

  return new Hono<ApiEnv>()
    .get('/sitemap.xml', (c) => {
      const { site, server, host } = bases(c)
      return sendPublicDocument(
        c,
        { key: `sitemap:${site}:${server}`, ttl, contentType: SITEMAP_CONTENT_TYPE, host },
        async () => {
          const entries = await loadEntries(payload, ttl)
          await nextTurn()
          return entries.length <= maxUrls ? urlSet(entries, site) : sitemapIndex(entries, maxUrls, `${server}/api/sitemaps`)
        },
        () => notFound('Sitemap'),
      )
    })
    .get('/sitemaps/:file', (c) => {
      const match = /^([1-9]\d{0,8})\.xml$/.exec(c.req.param('file'))
      if (!match) throw notFound('Sitemap')
      const page = Number(match[1])
      const { site, host } = bases(c)
      return sendPublicDocument(
        c,
        { key: `sitemaps:${page}:${site}`, ttl, contentType: SITEMAP_CONTENT_TYPE, host },
        async () => {
          const entries = await loadEntries(payload, ttl)
          await nextTurn()
          // Files exist only while the sitemap is an index.
          return entries.length <= maxUrls ? null : sitemapPage(entries, maxUrls, page, site)
        },
        () => notFound('Sitemap'),
      )
    })
}
