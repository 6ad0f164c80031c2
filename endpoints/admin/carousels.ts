import { z } from 'zod'

import { CAROUSELS_SLUG } from '../../collections/Carousels'
import { integer, oneOf, optionalUrl, requiredText, safeUrl, withDefault } from '../http/schemas'
import { type Doc, isoDate, numberOr, optionalString } from '../serializers/common'
import { type AdminResource, dropNullsOnCreate } from './crud'

const createSchema = z.strictObject({
  title: requiredText(200),
  imageUrl: safeUrl,
  linkUrl: optionalUrl,
  order: withDefault(integer(-1_000_000, 1_000_000)),
  status: withDefault(oneOf(['active', 'inactive'] as const)),
})

const carouselRecord = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  imageUrl: String(doc.imageUrl),
  linkUrl: optionalString(doc.linkUrl),
  order: numberOr(doc.order),
  status: doc.status as 'active' | 'inactive',
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})

export const carouselsResource: AdminResource<z.infer<typeof createSchema>> = {
  slug: CAROUSELS_SLUG,
  label: 'Carousel',
  createSchema,
  updateSchema: createSchema.partial(),
  toData: async (input, { mode }) => dropNullsOnCreate(input, mode),
  present: async (_payload, docs) => docs.map(carouselRecord),
  keywordField: 'title',
  statuses: ['active', 'inactive'],
  defaultLimit: 100,
  sort: ['order', 'id'],
}
