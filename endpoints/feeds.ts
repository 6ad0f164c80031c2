import { Hono } from 'hono'
import type { Payload, Where } from 'payload'

import { ARTICLES_SLUG } from '../collections/Articles'
import { CATEGORIES_SLUG } from '../collections/Categories'
import { FEED_DEFAULTS, SITE_SLUG } from '../collections/globals/Site'
import { notFound } from './http/apiError'
import { FEED_FORMATS, feedQuery } from './contracts/feeds'
import { parseQueryParams } from './http/query'
import { sendPublicDocument } from './http/publicDocument'
import { requestOriginTemplate } from './http/requestOrigin'
import type { ApiEnv } from './http/requestTypes'
import { type FeedArticle, type FeedChannel, type FeedFormat, renderFeed } from './serializers/feed'

const FEED_SELECT = {
  title: true,
  slug: true,
  feedSlug: true,
  content: true,
  excerpt: true,
  coverImage: true,
  category: true,
  publishedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<Exclude<keyof FeedArticle, 'id'>, true>

export type FeedOptions = {
  /** Articles per feed (FEED_LIMIT). */
  limit: number
  /** Seconds a built feed is kept (every change clears it). */
  ttl: number
  /** Where the public site shows articles (SITE_URL); else the request's origin. */
  siteUrl?: string
  /** Where this service is reached (SERVER_URL), for the feeds' links to themselves; else the request's origin. */
  serverUrl?: string
}

type FeedRequest = { category?: number; siteUrl: string; serverUrl: string }

const anonymous = { depth: 0, overrideAccess: false } as const

/** The channel of a feed, or null when `category` names no article category. */
const loadChannel = async (payload: Payload, { category, siteUrl, serverUrl }: FeedRequest): Promise<FeedChannel | null> => {
  const [site, found] = await Promise.all([
    payload.findGlobal({ slug: SITE_SLUG, ...anonymous }),
    category === undefined
      ? undefined
      : payload.find({
          collection: CATEGORIES_SLUG,
          ...anonymous,
          limit: 1,
          pagination: false,
          where: { and: [{ id: { equals: category } }, { type: { equals: 'article' } }] },
        }),
  ])
  const categoryDoc = found?.docs[0]
  if (found && !categoryDoc) return null
  const title = site.feed?.title || FEED_DEFAULTS.title
  const query = category === undefined ? '' : `?category=${category}`
  const selfUrl = (which: FeedFormat) => `${serverUrl}/api/feeds/${FEED_FORMATS[which].path}${query}`
  return {
    title: categoryDoc ? `${title}: ${categoryDoc.name}` : title,
    description: categoryDoc?.description || site.feed?.description || FEED_DEFAULTS.description,
    language: site.feed?.language || FEED_DEFAULTS.language,
    siteUrl,
    selfUrls: { rss: selfUrl('rss'), atom: selfUrl('atom'), json: selfUrl('json') },
    updated: new Date(site.updatedAt ?? 0),
  }
}

/** The newest published articles (of one category), by publication date, then id, newest first. */
const loadArticles = async (payload: Payload, category: number | undefined, limit: number): Promise<FeedArticle[]> => {
  const where: Where = { status: { equals: 'published' }, ...(category === undefined ? {} : { category: { equals: category } }) }
  const { docs } = await payload.find({
    collection: ARTICLES_SLUG,
    depth: 1,
    limit,
    overrideAccess: false,
    pagination: false,
    populate: { categories: { name: true } },
    select: FEED_SELECT,
    sort: ['-publishedAt', '-id'],
    where,
  })
  return docs
}

/** GET /feeds/rss.xml, /feeds/atom.xml and /feeds/feed.json, each optionally narrowed by `?category=<id>`. */
export const feedRoutes = (payload: Payload, { limit, ttl, siteUrl, serverUrl }: FeedOptions): Hono<ApiEnv> => {
  const feeds = new Hono<ApiEnv>()
  for (const [format, { path, contentType }] of Object.entries(FEED_FORMATS) as [FeedFormat, (typeof FEED_FORMATS)[FeedFormat]][]) {
    feeds.get(`/${path}`, (c) => {
      const { category } = parseQueryParams(feedQuery, c.req.queries())
      // Without SITE_URL or SERVER_URL, one feed per scheme is built for every host, which goes in as it is sent.
      const origin = siteUrl === undefined || serverUrl === undefined ? requestOriginTemplate(c) : undefined
      const request: FeedRequest = { category, siteUrl: siteUrl ?? origin?.origin ?? '', serverUrl: serverUrl ?? origin?.origin ?? '' }
      return sendPublicDocument(
        c,
        { key: `feed:${format}:${category ?? ''}:${request.siteUrl}:${request.serverUrl}`, ttl, contentType, host: origin?.host },
        async () => {
          const [channel, articles] = await Promise.all([loadChannel(payload, request), loadArticles(payload, category, limit)])
          return channel && (await renderFeed(format, channel, articles))
        },
        () => notFound('Category'),
      )
    })
  }
  return feeds
}
