import { z } from 'zod'

import { CATEGORIES_SLUG } from '../../collections/Categories'
import { oneOf, optionalText, requiredText, withDefault } from '../http/schemas'
import { type Doc, isoDate, optionalString } from '../serializers/common'
import { type AdminResource, dropNullsOnCreate } from './crud'

const createSchema = z.strictObject({
  name: requiredText(100),
  type: withDefault(oneOf(['article', 'project'] as const)),
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
}
