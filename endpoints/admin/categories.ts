import type { Payload } from 'payload'
import { z } from 'zod'

import { ARTICLES_SLUG } from '../../collections/Articles'
import { CATEGORIES_SLUG } from '../../collections/Categories'
import { PROJECTS_SLUG } from '../../collections/Projects'
import { ApiError } from '../http/apiError'
import { oneOf, optionalText, requiredText } from '../http/schemas'
import { type Doc, isoDate, optionalString } from '../serializers/common'
import { type AdminResource, dropNullsOnCreate } from './crud'

const createSchema = z.strictObject({
  name: requiredText(100),
  type: oneOf(['article', 'project'] as const).optional(),
  description: optionalText(2000),
})

const categoryRecord = (doc: Doc) => ({
  id: Number(doc.id),
  name: String(doc.name),
  type: doc.type as 'article' | 'project',
  description: optionalString(doc.description),
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})

/** A category still holding articles or projects cannot be deleted: they would lose it silently. */
const refuseIfInUse = async (payload: Payload, id: number) => {
  const [articles, projects] = await Promise.all(
    [ARTICLES_SLUG, PROJECTS_SLUG].map((collection) =>
      payload.count({ collection, overrideAccess: true, where: { category: { equals: id } } }),
    ),
  )
  const total = articles!.totalDocs + projects!.totalDocs
  if (total > 0) throw new ApiError('CONFLICT', `The category is used by ${total} article(s) or project(s); move them first`)
}

export const categoriesResource: AdminResource<z.infer<typeof createSchema>> = {
  slug: CATEGORIES_SLUG,
  label: 'Category',
  createSchema,
  updateSchema: createSchema.partial(),
  toData: async (input, { mode }) => dropNullsOnCreate(input, mode),
  present: async (_payload, docs) => docs.map(categoryRecord),
  keywordField: 'name',
  defaultLimit: 100,
  sort: ['name', 'id'],
  beforeDelete: refuseIfInUse,
}
