import type { z } from 'zod'

import { CATEGORIES_SLUG } from '../../collections/Categories'
import { leavingDefaults } from '../../lib/createData'
import { adminCategoryContracts, type categoryCreateSchema, type categoryUpdateSchema } from '../contracts/admin/categories'
import { adminCategoryRecord } from '../serializers/category'
import { type AdminResource, withoutNulls } from './crud'

export const categoriesResource: AdminResource<typeof CATEGORIES_SLUG, z.infer<typeof categoryCreateSchema>, z.infer<typeof categoryUpdateSchema>> = {
  slug: CATEGORIES_SLUG,
  label: 'Category',
  contracts: adminCategoryContracts,
  createData: (input) => leavingDefaults<typeof CATEGORIES_SLUG, 'type'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminCategoryRecord),
  sort: ['name', 'id'],
}
