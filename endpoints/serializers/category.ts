import type { Category } from '../../payload-types'
import type { AdminCategoryRecord } from '../contracts/admin/categories'
import { isoDate, optionalString } from './common'

export const adminCategoryRecord = (doc: Category): AdminCategoryRecord => ({
  id: doc.id,
  name: doc.name,
  type: doc.type,
  description: optionalString(doc.description),
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})
