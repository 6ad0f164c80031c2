import { z } from 'zod'

import { VISITOR_ID_PATTERN } from '../../lib/likeVisitors'
import { booleanText } from '../http/params'
import { paginationQuery } from '../http/pagination'
import { count, dataEnvelope, isoDateTime, nullableText, paginationMeta, recordId } from './envelope'
import { defineRoute, errors } from './route'

export const articleListItemSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    excerpt: z.string(),
    date: isoDateTime.meta({ description: 'Publication date (the creation date before the first publication)' }),
    category: nullableText.meta({ description: 'The category name' }),
    cover: nullableText,
    comments: count.meta({ description: 'Always 0: the service has no comments' }),
    views: count,
    slug: z.string().meta({ description: 'The public slug, `{slug}-{id}`' }),
  })
  .meta({ id: 'ArticleListItem' })

const tocEntrySchema = z.strictObject({ depth: z.int().min(2).max(3), text: z.string(), anchor: z.string() }).meta({ id: 'TocEntry' })

export const articleDetailSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    slug: z.string().meta({ description: 'The public slug, `{slug}-{id}`' }),
    content: z.string().meta({ description: 'Markdown' }),
    excerpt: z.string(),
    coverImage: nullableText,
    categoryId: recordId.nullable(),
    categoryName: nullableText,
    authorId: recordId.nullable(),
    authorName: nullableText,
    viewCount: count.meta({ description: 'Views, this one included' }),
    likeCount: count,
    readingTimeMinutes: z.int().min(1),
    toc: z.array(tocEntrySchema).meta({ description: 'Level 2 and 3 headings, with the anchors the HTML uses' }),
    status: z.enum(['draft', 'published']),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ArticleDetail' })

export const latestArticleItemSchema = z
  .strictObject({ id: recordId, title: z.string(), excerpt: z.string(), coverImage: nullableText, createdAt: isoDateTime })
  .meta({ id: 'LatestArticle' })

export const articleLikeStateSchema = z
  .strictObject({ likeCount: count, liked: z.boolean().meta({ description: "Whether this visitor's like stands" }) })
  .meta({ id: 'ArticleLikeState' })

export type ArticleListItem = z.infer<typeof articleListItemSchema>
export type ArticleDetail = z.infer<typeof articleDetailSchema>
export type LatestArticleItem = z.infer<typeof latestArticleItemSchema>
export type ArticleLikeState = z.infer<typeof articleLikeStateSchema>

const articleKey = z.object({
  key: z.string().meta({ description: 'The id, the public slug `{slug}-{id}`, or the stored slug' }),
})

export const listArticles = defineRoute({
  method: 'get',
  path: '/articles',
  operationId: 'listArticles',
  tag: 'Articles',
  summary: 'Published articles, newest first',
  access: 'token-aware',
  query: z.object({
    ...paginationQuery({ defaultLimit: 4, maxLimit: 20 }),
    featured: booleanText.optional().meta({ description: 'Only featured articles' }),
  }),
  responses: { 200: { description: 'One page', json: dataEnvelope(z.array(articleListItemSchema), { pagination: paginationMeta }) } },
})

export const getArticle = defineRoute({
  method: 'get',
  path: '/articles/{key}',
  operationId: 'getArticle',
  tag: 'Articles',
  summary: 'One article; counts a view',
  description:
    'Found by id, then by the public slug, then by the stored slug. A published article counts one view per request (the answer includes it); ' +
    'staff with a token also see drafts (not counted). An earlier slug answers 301 to the current address.',
  access: 'token-aware',
  params: articleKey,
  responses: {
    200: { description: 'The article', json: dataEnvelope(articleDetailSchema) },
    301: { description: 'An earlier slug: `Location` is the current `/api/articles/{slug}-{id}`', headers: { Location: 'The current address' } },
    ...errors(404),
  },
})

const likeRoute = (method: 'post' | 'delete') =>
  defineRoute({
    method,
    path: '/articles/{key}/like',
    operationId: method === 'post' ? 'likeArticle' : 'unlikeArticle',
    tag: 'Articles',
    summary: method === 'post' ? 'Like a published article, once per visitor' : 'Take back a like',
    description:
      'An anonymous visitor is named by `X-Visitor-Id` (a random id the site keeps); a signed-in user by their account. ' +
      'Each client IP has a rate limit per minute, and at most 3 visitors from one IP count per article per day.',
    access: 'token-aware',
    params: articleKey,
    headers: z.object({
      'x-visitor-id': z
        .string()
        .regex(VISITOR_ID_PATTERN)
        .optional()
        .meta({ description: 'Required without a token: 8 to 64 characters of A-Z, a-z, 0-9, _ and -' }),
    }),
    responses: { 200: { description: 'The like count now', json: dataEnvelope(articleLikeStateSchema) }, ...errors(404, 429) },
  })

export const likeArticle = likeRoute('post')
export const unlikeArticle = likeRoute('delete')

export const articleRoutes = [listArticles, getArticle, likeArticle, unlikeArticle]
