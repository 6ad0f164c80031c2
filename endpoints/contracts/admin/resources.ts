import { z } from 'zod'

import { integer, oneOf, optionalText, requiredText, safeUrl, withDefault } from '../../http/schemas'
import { count, isoDateTime, nullableText, recordId } from '../envelope'
import { adminCrudContracts } from './crud'

export const RESOURCE_STATUSES = ['active', 'inactive'] as const

const fields = {
  title: requiredText(300),
  description: optionalText(5000),
  fileUrl: safeUrl,
  fileSize: optionalText(50),
}

// downloadCount may be seeded on create (an imported resource keeps its history); afterwards only downloads count.
export const resourceCreateSchema = z.strictObject({ ...fields, status: withDefault(oneOf(RESOURCE_STATUSES)), downloadCount: withDefault(integer(0)) })
// A status cannot be cleared.
export const resourceUpdateSchema = z.strictObject({ ...fields, status: oneOf(RESOURCE_STATUSES) }).partial()

export const adminResourceRecordSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    description: nullableText,
    fileUrl: z.string(),
    fileSize: nullableText,
    downloadCount: count,
    status: z.enum(RESOURCE_STATUSES),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'AdminResource' })

export type AdminResourceRecord = z.infer<typeof adminResourceRecordSchema>

export const adminResourceContracts = adminCrudContracts({
  path: 'resources',
  label: 'Resource',
  record: adminResourceRecordSchema,
  createSchema: resourceCreateSchema,
  updateSchema: resourceUpdateSchema,
  keywordField: 'title',
  statuses: RESOURCE_STATUSES,
  defaultLimit: 100,
})
