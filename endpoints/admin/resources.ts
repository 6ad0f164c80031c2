import { z } from 'zod'

import { RESOURCES_SLUG } from '../../collections/Resources'
import { leavingDefaults } from '../../lib/createData'
import { integer, oneOf, optionalText, requiredText, safeUrl, withDefault } from '../http/schemas'
import { adminResourceRecord } from '../serializers/resource'
import { type AdminResource, withoutNulls } from './crud'

const STATUSES = ['active', 'inactive'] as const

const fields = {
  title: requiredText(300),
  description: optionalText(5000),
  fileUrl: safeUrl,
  fileSize: optionalText(50),
}

// downloadCount may be seeded on create (an imported resource keeps its history); afterwards only downloads count.
const createSchema = z.strictObject({ ...fields, status: withDefault(oneOf(STATUSES)), downloadCount: withDefault(integer(0)) })
// A status cannot be cleared.
const updateSchema = z.strictObject({ ...fields, status: oneOf(STATUSES) }).partial()

export const resourcesResource: AdminResource<typeof RESOURCES_SLUG, z.infer<typeof createSchema>, z.infer<typeof updateSchema>> = {
  slug: RESOURCES_SLUG,
  label: 'Resource',
  createSchema,
  updateSchema,
  createData: (input) => leavingDefaults<typeof RESOURCES_SLUG, 'status'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminResourceRecord),
  keywordField: 'title',
  statuses: STATUSES,
  defaultLimit: 100,
  sort: ['-createdAt', '-id'],
}
