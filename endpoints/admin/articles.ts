import type { Payload } from 'payload'
import { z } from 'zod'

import { ARTICLES_SLUG } from '../../collections/Articles'
import { articleAuthors } from '../articleAuthor'
import { flag, integer, oneOf, optionalText, optionalUrl, requiredText, withDefault } from '../http/schemas'
import { articleDetail } from '../serializers/article'
import { type Doc, relationId } from '../serializers/common'
import { checkCategory } from './categoryRef'
import { type AdminResource, dropNullsOnCreate } from './crud'

const createSchema = z.strictObject({
  title: requiredText(300),
  content: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).max(500_000, 'must be at most 500000 characters'),
  categoryId: integer(1),
  excerpt: optionalText(1000),
  coverImage: optionalUrl,
  status: withDefault(oneOf(['draft', 'published'] as const)),
  featured: withDefault(flag),
  slug: optionalText(200),
})

type ArticleInput = z.infer<typeof createSchema>

const toData = async (input: Partial<ArticleInput>, { payload, mode }: { payload: Payload; mode: 'create' | 'update' }) => {
  const { categoryId, ...rest } = input
  const data: Record<string, unknown> = { ...rest }
  if (categoryId !== undefined) data.category = await checkCategory(payload, categoryId, 'article')
  return dropNullsOnCreate(data, mode)
}

const present = async (payload: Payload, docs: Doc[]) => {
  const authors = await articleAuthors(payload, docs)
  return docs.map((doc) => ({
    ...articleDetail(doc, authors.get(relationId(doc.author) ?? 0) ?? null),
    featured: Boolean(doc.featured),
  }))
}

export const articlesResource: AdminResource<ArticleInput> = {
  slug: ARTICLES_SLUG,
  label: 'Article',
  createSchema,
  updateSchema: createSchema.partial(),
  toData,
  read: { depth: 1, populate: { categories: { name: true } } },
  present,
  keywordField: 'title',
  statuses: ['draft', 'published'],
  defaultLimit: 10,
  sort: ['-createdAt', '-id'],
}
