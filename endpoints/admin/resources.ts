import { z } from 'zod'

import { RESOURCES_SLUG } from '../../collections/Resources'
import { integer, oneOf, optionalText, requiredText, safeUrl, withDefault } from '../http/schemas'
import { type Doc, isoDate, numberOr, optionalString } from '../serializers/common'
import { type AdminResource, dropNullsOnCreate } from './crud'

const fields = {
  title: requiredText(300),
  description: optionalText(5000),
  fileUrl: safeUrl,
  fileSize: optionalText(50),
  status: withDefault(oneOf(['active', 'inactive'] as const)),
}

// downloadCount may be seeded on create (an imported resource keeps its history); afterwards only downloads count.
const createSchema = z.strictObject({ ...fields, downloadCount: withDefault(integer(0)) })
const updateSchema = z.strictObject(fields).partial()

const resourceRecord = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: optionalString(doc.description),
  fileUrl: String(doc.fileUrl),
  fileSize: optionalString(doc.fileSize),
  downloadCount: numberOr(doc.downloadCount),
  status: doc.status as 'active' | 'inactive',
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})

export const resourcesResource: AdminResource<z.infer<typeof createSchema>> = {
  slug: RESOURCES_SLUG,
  label: 'Resource',
  createSchema,
  updateSchema,
  toData: async (input, { mode }) => dropNullsOnCreate(input, mode),
  present: async (_payload, docs) => docs.map(resourceRecord),
  keywordField: 'title',
  statuses: ['active', 'inactive'],
  defaultLimit: 100,
  sort: ['-createdAt', '-id'],
}
