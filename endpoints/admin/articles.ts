import type { Payload } from 'payload'
import type { z } from 'zod'

import { ARTICLES_SLUG } from '../../collections/Articles'
import { leavingDefaults } from '../../lib/createData'
import type { Article } from '../../payload-types'
import { articleAuthors } from '../articleAuthor'
import { adminArticleContracts, type articleCreateSchema, type articleUpdateSchema } from '../contracts/admin/articles'
import { adminArticleRecord } from '../serializers/article'
import { relationId } from '../serializers/common'
import { type AdminResource, withoutNulls } from './crud'

const present = async (payload: Payload, docs: Article[]) => {
  const authors = await articleAuthors(payload, docs)
  return docs.map((doc) => adminArticleRecord(doc, authors.get(relationId(doc.author) ?? 0) ?? null))
}

export const articlesResource: AdminResource<typeof ARTICLES_SLUG, z.infer<typeof articleCreateSchema>, z.infer<typeof articleUpdateSchema>> = {
  slug: ARTICLES_SLUG,
  label: 'Article',
  contracts: adminArticleContracts,
  createData: ({ categoryId, ...rest }) => leavingDefaults<typeof ARTICLES_SLUG, 'status'>(withoutNulls({ ...rest, category: categoryId })),
  updateData: ({ categoryId, ...rest }) => ({ ...rest, ...(categoryId === undefined ? {} : { category: categoryId }) }),
  inputFields: { category: { path: 'categoryId', message: 'must be the id of an article category' } },
  read: { depth: 1, populate: { categories: { name: true } } },
  present,
  sort: ['-createdAt', '-id'],
}
