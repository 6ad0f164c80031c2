import { z } from 'zod'

import { CATEGORIES_SLUG } from '../../collections/Categories'
import { leavingDefaults } from '../../lib/createData'
import { oneOf, optionalText, requiredText, withDefault } from '../http/schemas'
import { adminCategoryRecord } from '../serializers/category'
import { type AdminResource, withoutNulls } from './crud'

const TYPES = ['article', 'project'] as const

const createSchema = z.strictObject({
  name: requiredText(100),
  type: withDefault(oneOf(TYPES)),
  description: optionalText(2000),
})

// A type cannot be cleared.
const updateSchema = createSchema.partial().extend({ type: oneOf(TYPES).optional() })

export const categoriesResource: AdminResource<typeof CATEGORIES_SLUG, z.infer<typeof createSchema>, z.infer<typeof updateSchema>> = {
  slug: CATEGORIES_SLUG,
  label: 'Category',
  createSchema,
  updateSchema,
  createData: (input) => leavingDefaults<typeof CATEGORIES_SLUG, 'type'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminCategoryRecord),
  keywordField: 'name',
  defaultLimit: 100,
  sort: ['name', 'id'],
}
