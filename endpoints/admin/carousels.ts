import { z } from 'zod'

import { CAROUSELS_SLUG } from '../../collections/Carousels'
import { leavingDefaults } from '../../lib/createData'
import { integer, oneOf, optionalUrl, requiredText, safeUrl, withDefault } from '../http/schemas'
import { adminCarouselRecord } from '../serializers/carousel'
import { type AdminResource, withoutNulls } from './crud'

const STATUSES = ['active', 'inactive'] as const

const createSchema = z.strictObject({
  title: requiredText(200),
  imageUrl: safeUrl,
  linkUrl: optionalUrl,
  order: withDefault(integer(-1_000_000, 1_000_000)),
  status: withDefault(oneOf(STATUSES)),
})

// A status cannot be cleared.
const updateSchema = createSchema.partial().extend({ status: oneOf(STATUSES).optional() })

export const carouselsResource: AdminResource<typeof CAROUSELS_SLUG, z.infer<typeof createSchema>, z.infer<typeof updateSchema>> = {
  slug: CAROUSELS_SLUG,
  label: 'Carousel',
  createSchema,
  updateSchema,
  createData: (input) => leavingDefaults<typeof CAROUSELS_SLUG, 'status'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminCarouselRecord),
  keywordField: 'title',
  statuses: STATUSES,
  defaultLimit: 100,
  sort: ['order', 'id'],
}
