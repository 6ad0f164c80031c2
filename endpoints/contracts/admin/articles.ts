import { z } from 'zod'

import { flag, integer, oneOf, optionalDateTime, optionalText, optionalUrl, requiredText, withDefault } from '../../http/schemas'
import { articleDetailSchema } from '../articles'
import { nullableText } from '../envelope'
import { adminCrudContracts } from './crud'

export const ARTICLE_STATUSES = ['draft', 'published'] as const

export const articleCreateSchema = z.strictObject({
  title: requiredText(300),
  content: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).max(500_000, 'must be at most 500000 characters'),
  categoryId: integer(1),
  excerpt: optionalText(1000),
  coverImage: optionalUrl,
  status: withDefault(oneOf(ARTICLE_STATUSES)),
  publishAt: optionalDateTime.meta({ description: 'Publish at this moment (a draft waits until then)' }),
  featured: withDefault(flag),
  slug: optionalText(200),
})

// A status cannot be cleared.
export const articleUpdateSchema = articleCreateSchema.partial().extend({ status: oneOf(ARTICLE_STATUSES).optional() })

export const adminArticleRecordSchema = articleDetailSchema
  .extend({ featured: z.boolean(), publishAt: nullableText, publishedAt: nullableText })
  .meta({ id: 'AdminArticle' })

export type AdminArticleRecord = z.infer<typeof adminArticleRecordSchema>

export const adminArticleContracts = adminCrudContracts({
  path: 'articles',
  label: 'Article',
  record: adminArticleRecordSchema,
  createSchema: articleCreateSchema,
  updateSchema: articleUpdateSchema,
  keywordField: 'title',
  statuses: ARTICLE_STATUSES,
  defaultLimit: 10,
})
