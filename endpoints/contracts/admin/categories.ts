import { z } from 'zod'

import { oneOf, optionalText, requiredText, withDefault } from '../../http/schemas'
import { isoDateTime, nullableText, recordId } from '../envelope'
import { adminCrudContracts } from './crud'

export const CATEGORY_TYPES = ['article', 'project'] as const

export const categoryCreateSchema = z.strictObject({
  name: requiredText(100),
  type: withDefault(oneOf(CATEGORY_TYPES)),
  description: optionalText(2000),
})

// A type cannot be cleared.
export const categoryUpdateSchema = categoryCreateSchema.partial().extend({ type: oneOf(CATEGORY_TYPES).optional() })

export const adminCategoryRecordSchema = z
  .strictObject({ id: recordId, name: z.string(), type: z.enum(CATEGORY_TYPES), description: nullableText, createdAt: isoDateTime, updatedAt: isoDateTime })
  .meta({ id: 'AdminCategory' })

export type AdminCategoryRecord = z.infer<typeof adminCategoryRecordSchema>

export const adminCategoryContracts = adminCrudContracts({
  path: 'categories',
  label: 'Category',
  record: adminCategoryRecordSchema,
  createSchema: categoryCreateSchema,
  updateSchema: categoryUpdateSchema,
  keywordField: 'name',
  defaultLimit: 100,
})
