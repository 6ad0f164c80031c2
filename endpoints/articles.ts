import { Hono } from 'hono'
import type { Payload, Where } from 'payload'

import { ARTICLE_REDIRECTS_SLUG } from '../collections/ArticleRedirects'
import { ARTICLES_SLUG } from '../collections/Articles'
import { countRecords } from '../lib/db/countRecords'
import { incrementCounterReading } from '../lib/db/counters'
import { readsDeepPagesByIds } from '../lib/db/deepPaging'
import { cached } from '../lib/publicCache'
import { type ArticleKey, publicSlug, readArticleKey } from '../lib/publicSlug'
import { articleAuthor } from './articleAuthor'
import { withCategoryNames } from './categoryNames'
import { notFound } from './http/apiError'
import { setPublicCaching } from './http/cacheControl'
import { sendCounted } from './http/envelope'
import { countedBody, type CountedBody } from './http/countedBody'
import { listArticles } from './contracts/articles'
import { pageCount } from './http/pagination'
import { parseQueryParams } from './http/query'
import { type PublicCaching, sendPublicRead } from './http/publicResponse'
import type { ApiEnv, ApiUser } from './http/requestTypes'
import { type ArticleDetailFields, type ArticleListFields, articleDetail, articleListItem, type Byline } from './serializers/article'
import { relationId } from './serializers/common'
import { redirect } from './http/responseHeaders'

const LIST_SELECT = {
  title: true,
  slug: true,
  excerpt: true,
  content: true,
  coverImage: true,
  category: true,
  publishedAt: true,
  viewCount: true,
  createdAt: true,
} as const satisfies Record<Exclude<keyof ArticleListFields, 'id'>, true>

/** What the detail shows (and `status`, which decides whether a view counts); never the rich-text twin. */
const DETAIL_SELECT = {
  title: true,
  slug: true,
  content: true,
  excerpt: true,
  coverImage: true,
  category: true,
  author: true,
  status: true,
  viewCount: true,
  likeCount: true,
  readingTimeMinutes: true,
  toc: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<Exclude<keyof ArticleDetailFields, 'id'>, true>

const findOne = async (payload: Payload, user: ApiUser | null | undefined, where: Where): Promise<ArticleDetailFields | undefined> => {
  const { docs } = await payload.find({
    collection: ARTICLES_SLUG,
    depth: 1,
    limit: 1,
    overrideAccess: false,
    pagination: false,
    populate: { categories: { name: true } },
    select: DETAIL_SELECT,
    user,
    where,
  })
  return docs[0]
}

const LIST_SORT = ['-createdAt', '-id']
/** From this many skipped articles on, a page is found by its ids first where the adapter needs it. */
const DEEP_OFFSET = 100

/**
 * One page of a list, newest first. Deep pages on an adapter that needs it (`readsDeepPagesByIds`) look up the
 * page's ids first, then read those rows in id order (found by key) and put them back in the page's order.
 */
const findPage = async (
  payload: Payload,
  user: ApiUser | null | undefined,
  where: Where,
  { page, limit }: { page: number; limit: number },
  categoriesTtl: number,
): Promise<ArticleListFields[]> => {
  const read = { collection: ARTICLES_SLUG, overrideAccess: false, pagination: false, user } as const
  const rows = async (rowsWhere: Where, sort: string | string[], paging?: { page: number; limit: number }) =>
    withCategoryNames(payload, (await payload.find({ ...read, ...paging, depth: 0, select: LIST_SELECT, sort, where: rowsWhere })).docs, categoriesTtl)
  if (!readsDeepPagesByIds(payload.db) || (page - 1) * limit < DEEP_OFFSET) return rows(where, LIST_SORT, { page, limit })
  const { docs: ids } = await payload.find({ ...read, depth: 0, limit, page, select: { createdAt: true }, sort: LIST_SORT, where })
  if (ids.length === 0) return []
  const byId = new Map((await rows({ and: [where, { id: { in: ids.map(({ id }) => id) } }] }, 'id')).map((doc) => [doc.id, doc]))
  return ids.flatMap(({ id }) => byId.get(id) ?? [])
}

/**
 * How many published (and, for `featured`, featured) articles there are: the same for every caller, so it is kept
 * in the public cache, which every article change clears (created, published, unpublished, deleted: all go through
 * Payload's hooks); counters do not change it.
 */
const countArticles = (payload: Payload, featured: boolean, ttl: number) =>
  cached(featured ? 'articles:count:featured' : 'articles:count', ttl, () =>
    countRecords(payload, ARTICLES_SLUG, featured ? { status: 'published', featured: true } : { status: 'published' }),
  )

/** The lookup order of the contract: id; then the public `{slug}-{id}` form; then the stored slug. */
const findArticle = async (payload: Payload, key: ArticleKey, user: ApiUser | null | undefined) => {
  if (key.kind === 'none') return undefined
  if (key.kind === 'id') return findOne(payload, user, { id: { equals: key.id } })
  if (key.publicForm) {
    const byPublicForm = await findOne(payload, user, {
      and: [{ id: { equals: key.publicForm.id } }, { slug: { equals: key.publicForm.storedSlug } }],
    })
    if (byPublicForm) return byPublicForm
  }
  return findOne(payload, user, { slug: { equals: key.slug } })
}

/**
 * Where an earlier slug sends the caller: the current public slug of the article that gave it up, when the caller
 * may read that article (a draft is not found by the public, as if it were missing). The key is read as the detail
 * reads it: `{old-slug}-{id}` where that article once had `old-slug` first; else the bare key as an old slug, whose
 * latest owner (the newest row) takes it. Only asked when no current article answers to the key: current slugs win.
 * The rows are read as the system (only admins browse them); the article with the caller's own access.
 */
const findMovedArticle = async (payload: Payload, key: ArticleKey, user: ApiUser | null | undefined): Promise<string | undefined> => {
  if (key.kind !== 'slug') return undefined
  const { publicForm } = key
  const bySlug: Where = { slug: { equals: key.slug } }
  const { docs: rows } = await payload.find({
    collection: ARTICLE_REDIRECTS_SLUG,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { slug: true, article: true },
    sort: '-id',
    where: publicForm
      ? { or: [bySlug, { and: [{ slug: { equals: publicForm.storedSlug } }, { article: { equals: publicForm.id } }] }] }
      : bySlug,
  })
  const row =
    (publicForm && rows.find((candidate) => candidate.slug === publicForm.storedSlug && relationId(candidate.article) === publicForm.id)) ??
    rows.find((candidate) => candidate.slug === key.slug)
  const id = relationId(row?.article)
  if (id === null) return undefined
  const { docs } = await payload.find({
    collection: ARTICLES_SLUG,
    depth: 0,
    limit: 1,
    overrideAccess: false,
    pagination: false,
    select: { slug: true },
    user,
    where: { id: { equals: id } },
  })
  const slug = docs[0]?.slug
  return slug ? publicSlug(slug, id) : undefined
}

type FoundArticle = { doc: ArticleDetailFields; author: Byline | null }
/** An earlier address: the current public slug to send the caller to. */
type MovedArticle = { movedTo: string }

const loadArticle = async (payload: Payload, key: string, user: ApiUser | null | undefined): Promise<FoundArticle | MovedArticle | null> => {
  const articleKey = readArticleKey(key)
  const doc = await findArticle(payload, articleKey, user)
  if (doc) return { doc, author: await articleAuthor(payload, doc) }
  const movedTo = await findMovedArticle(payload, articleKey, user)
  return movedTo ? { movedTo } : null
}

/** The detail's body around its counters, made once per found record (the public one is cached and reused). */
const detailBodies = new WeakMap<FoundArticle, CountedBody<'viewCount' | 'likeCount'>>()
const detailBody = (found: FoundArticle): CountedBody<'viewCount' | 'likeCount'> => {
  let body = detailBodies.get(found)
  if (!body) {
    body = countedBody(['viewCount', 'likeCount'], (counters) => JSON.stringify({ success: true, data: articleDetail({ ...found.doc, ...counters }, found.author) }))
    detailBodies.set(found, body)
  }
  return body
}

const isMoved = (found: FoundArticle | MovedArticle | null): found is MovedArticle => found !== null && 'movedTo' in found

const articleCacheKey = (key: string) => `article:${key}`

/**
 * An article as an anonymous reader finds it by `key`, kept `ttl` seconds (a miss or an earlier address too, so
 * unknown keys do not reach the database again). Any change made through Payload clears it; its view count is never
 * served from here. (With a short TTL, the busiest articles expiring together stalled every reader behind their re-reads.)
 */
const publicArticle = (payload: Payload, key: string, ttl: number) =>
  cached(articleCacheKey(key), ttl, () => loadArticle(payload, key, null), (found) => (found && !isMoved(found) ? (found.doc.content?.length ?? 0) : 1))

/**
 * The published article `key` names, found as the detail finds it (a draft is not found, whoever asks; an earlier
 * address is not followed): anonymous callers through the public cache, signed-in ones fresh with their own access.
 */
export const findPublishedArticle = async (
  payload: Payload,
  key: string,
  user: ApiUser | null | undefined,
  recordTtl: number,
): Promise<ArticleDetailFields | undefined> => {
  const found = user ? undefined : await publicArticle(payload, key, recordTtl)
  const doc = user ? await findArticle(payload, readArticleKey(key), user) : found && !isMoved(found) ? found.doc : undefined
  return doc?.status === 'published' ? doc : undefined
}

/**
 * GET /articles (published, newest first) and GET /articles/:idOrSlug (counts a view; an earlier slug answers 301
 * with `Location: /api/articles/{current-slug}-{id}`).
 */
export const articleRoutes = (payload: Payload, { recordTtl, answerTtl }: PublicCaching): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .get('/', (c) => {
      const inputs = parseQueryParams(listArticles.query, c.req.queries())
      return sendPublicRead(c, { ttl: answerTtl, inputs }, async () => {
        const { page, limit, featured = false } = inputs
        const where: Where = { status: { equals: 'published' }, ...(featured ? { featured: { equals: true } } : {}) }
        const [docs, total] = await Promise.all([
          findPage(payload, c.get('user'), where, { page, limit }, recordTtl),
          countArticles(payload, featured, recordTtl),
        ])
        return { data: docs.map(articleListItem), meta: { pagination: { page, limit, total, pages: pageCount(total, limit) } } }
      })
    })
    .get('/:key', async (c) => {
      const user = c.get('user')
      const key = c.req.param('key')
      const found = user ? await loadArticle(payload, key, user) : await publicArticle(payload, key, recordTtl)
      if (!found) throw notFound('Article')
      if (isMoved(found)) {
        // Revalidated like the other public reads (a redirect cached for good would outlive a rename back, or the slug
        // passing to another article); `private, no-store` for a token, which may be sent to a draft.
        setPublicCaching(c)
        return redirect(c, `/api/articles/${found.movedTo}`, 301)
      }
      const { doc } = found
      // A staff preview of a draft is not a reader's view, nor is a HEAD. The counters come fresh from the update (the
      // found record may come from the cache): the new view count and the like count, in one statement.
      const counters =
        doc.status === 'published' && c.req.method === 'GET'
          ? await incrementCounterReading(payload, ARTICLES_SLUG, doc.id, 'viewCount', ['likeCount'])
          : { viewCount: doc.viewCount ?? 0, likeCount: doc.likeCount ?? 0 }
      if (counters === undefined) throw notFound('Article')
      setPublicCaching(c)
      return sendCounted(c, detailBody(found)({ viewCount: counters.viewCount, likeCount: counters.likeCount }))
    })
