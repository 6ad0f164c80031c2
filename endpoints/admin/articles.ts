import type { Payload } from 'payload'
import { z } from 'zod'

import { ARTICLES_SLUG } from '../../collections/Articles'
import { leavingDefaults } from '../../lib/createData'
import type { Article } from '../../payload-types'
import { articleAuthors } from '../articleAuthor'
import { flag, integer, oneOf, optionalDateTime, optionalText, optionalUrl, requiredText, withDefault } from '../http/schemas'
import { adminArticleRecord } from '../serializers/article'
import { relationId } from '../serializers/common'
import { type AdminResource, withoutNulls } from './crud'

const STATUSES = ['draft', 'published'] as const

const createSchema = z.strictObject({
  title: requiredText(300),
  content: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).max(500_000, 'must be at most 500000 characters'),
  categoryId: integer(1),
  excerpt: optionalText(1000),
  coverImage: optionalUrl,
  status: withDefault(oneOf(STATUSES)),
  publishAt: optionalDateTime,
  featured: withDefault(flag),
  slug: optionalText(200),
})

// A status cannot be cleared.
const updateSchema = createSchema.partial().extend({ status: oneOf(STATUSES).optional() })

const present = async (payload: Payload, docs: Article[]) => {
  const authors = await articleAuthors(payload, docs)
  return docs.map((doc) => adminArticleRecord(doc, authors.get(relationId(doc.author) ?? 0) ?? null))
}

export const articlesResource: AdminResource<typeof ARTICLES_SLUG, z.infer<typeof createSchema>, z.infer<typeof updateSchema>> = {
  slug: ARTICLES_SLUG,
  label: 'Article',
  createSchema,
  updateSchema,
  createData: ({ categoryId, ...rest }) => leavingDefaults<typeof ARTICLES_SLUG, 'status'>(withoutNulls({ ...rest, category: categoryId })),
  updateData: ({ categoryId, ...rest }) => ({ ...rest, ...(categoryId === undefined ? {} : { category: categoryId }) }),
  inputFields: { category: { path: 'categoryId', message: 'must be the id of an article category' } },
  read: { depth: 1, populate: { categories: { name: true } } },
  present,
  keywordField: 'title',
  statuses: STATUSES,
  defaultLimit: 10,
  sort: ['-createdAt', '-id'],
}
