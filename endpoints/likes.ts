import { Hono } from 'hono'
import type { Payload } from 'payload'

import { ARTICLE_LIKES_SLUG } from '../collections/ArticleLikes'
import { ARTICLES_SLUG } from '../collections/Articles'
import { decrementCounter, incrementCounter, readCounter } from '../lib/db/counters'
import { deleteWhereEquals, insertUnlessPresent } from '../lib/db/uniqueRows'
import { type LikeVisitor, likeHasher, VISITOR_ID_PATTERN } from '../lib/likeVisitors'
import { rateLimitKeyOf } from '../lib/rateLimitKey'
import { findPublishedArticle } from './articles'
import { ApiError, notFound } from './http/apiError'
import { sendData } from './http/envelope'
import { rateLimit } from './http/rateLimit'
import type { ApiContext, ApiEnv } from './http/requestTypes'
import { articleLikeState } from './serializers/article'
import { setHeader } from './http/responseHeaders'

/** Distinct visitors from one client IP whose likes of one article count, per day. */
export const LIKING_VISITORS_PER_IP = 3
const DAY_MS = 24 * 60 * 60 * 1000

const visitorOf = (c: ApiContext): LikeVisitor => {
  const user = c.get('user')
  if (user) return { kind: 'user', id: user.id }
  const header = c.req.header('X-Visitor-Id')
  if (header === undefined || !VISITOR_ID_PATTERN.test(header)) {
    throw new ApiError('VALIDATION_ERROR', 'Invalid request', [
      { path: 'X-Visitor-Id', message: 'is required: 8 to 64 characters of A-Z, a-z, 0-9, _ and -' },
    ])
  }
  return { kind: 'visitor', id: header }
}

/**
 * POST and DELETE /articles/:key/like: like and unlike a published article, once per visitor. A like is one row in
 * `article-likes`, unique on (article, visitor hash): the insert or delete that really happened, and only that one,
 * moves the article's likeCount for good (atomic updates: up before the insert, down again when no row was kept;
 * down after a delete). So racing likes from many visitors all count, and racing likes from one visitor count once.
 *
 * Abuse: every request takes a point from the client IP's `ratePerMinute` (429 once spent). And at most
 * LIKING_VISITORS_PER_IP likes from one IP made in the last 24 hours count per article: a new like is inserted
 * first, then that IP's likes of the article from the last day are counted, and when there are more it is deleted
 * again (answered `liked: false`, count unchanged). Counting after the insert keeps racing new visitors from one
 * IP within the limit: of the likes kept, the last one counted saw all of them. The rows are the record, so the
 * rule holds across restarts and processes. An unlike frees its place.
 */
export const likeRoutes = (payload: Payload, ratePerMinute: number, recordTtl: number): Hono<ApiEnv> => {
  // Every request counts, refused ones too.
  const limited = rateLimit(payload, { keyPrefix: 'article-like', perMinute: ratePerMinute, message: 'Too many likes; please wait a minute' })
  const hash = likeHasher(payload.secret)

  /** After the rate limit: the visitor, then the article (drafts: 404). */
  const admit = async (c: ApiContext, key: string) => {
    // An IPv6 client is one client per /64, for the rate and for the visitors-per-IP rule alike.
    const ip = rateLimitKeyOf(c.get('clientIp'))
    const visitor = visitorOf(c)
    const article = await findPublishedArticle(payload, key, c.get('user'), recordTtl)
    if (!article) throw notFound('Article')
    return { article: article.id, visitorHash: hash.visitor(visitor), ipHash: hash.ip(ip) }
  }

  const currentCount = async (article: number) => {
    const count = await readCounter(payload, ARTICLES_SLUG, article, 'likeCount')
    if (count === undefined) throw notFound('Article')
    return count
  }

  /** How many likes of `article` from the IP behind `ipHash` were made in the last day (the new one included). */
  const likesFromIp = async (article: number, ipHash: string) =>
    (
      await payload.count({
        collection: ARTICLE_LIKES_SLUG,
        overrideAccess: true,
        where: {
          and: [
            { article: { equals: article } },
            { ipHash: { equals: ipHash } },
            { createdAt: { greater_than_equal: new Date(Date.now() - DAY_MS).toISOString() } },
          ],
        },
      })
    ).totalDocs

  return new Hono<ApiEnv>()
    .post('/:key/like', limited, async (c) => {
      const { article, visitorHash, ipHash } = await admit(c, c.req.param('key'))
      // The count goes up before the row goes in, and down again when the row was not kept: so an answer that says
      // `liked: true` always counts that like (a racing duplicate answers after the first like's increment).
      const raised = await incrementCounter(payload, ARTICLES_SLUG, article, 'likeCount')
      if (raised === undefined) throw notFound('Article')
      const likeId = await insertUnlessPresent(payload, ARTICLE_LIKES_SLUG, { article, visitorHash, ipHash }).catch(async (error: unknown) => {
        await decrementCounter(payload, ARTICLES_SLUG, article, 'likeCount').catch(() => undefined)
        throw error
      })
      const kept = likeId !== undefined && (await likesFromIp(article, ipHash)) <= LIKING_VISITORS_PER_IP
      if (likeId !== undefined && !kept) await deleteWhereEquals(payload, ARTICLE_LIKES_SLUG, { id: likeId })
      const likeCount = kept ? raised : await decrementCounter(payload, ARTICLES_SLUG, article, 'likeCount')
      if (likeCount === undefined) throw notFound('Article')
      setHeader(c, 'Cache-Control', 'no-store')
      // A duplicate (liked already) answers liked; one visitor too many from this IP does not.
      return sendData(c, articleLikeState({ likeCount, liked: kept || likeId === undefined }))
    })
    .delete('/:key/like', limited, async (c) => {
      const { article, visitorHash } = await admit(c, c.req.param('key'))
      const deleted = await deleteWhereEquals(payload, ARTICLE_LIKES_SLUG, { article, visitorHash })
      const likeCount = deleted > 0 ? await decrementCounter(payload, ARTICLES_SLUG, article, 'likeCount') : await currentCount(article)
      if (likeCount === undefined) throw notFound('Article')
      setHeader(c, 'Cache-Control', 'no-store')
      return sendData(c, articleLikeState({ likeCount, liked: false }))
    })
}
