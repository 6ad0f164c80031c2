import type { z } from 'zod'

import { CAROUSELS_SLUG } from '../../collections/Carousels'
import { leavingDefaults } from '../../lib/createData'
import { adminCarouselContracts, type carouselCreateSchema, type carouselUpdateSchema } from '../contracts/admin/carousels'
import { adminCarouselRecord } from '../serializers/carousel'
import { type AdminResource, withoutNulls } from './crud'

export const carouselsResource: AdminResource<typeof CAROUSELS_SLUG, z.infer<typeof carouselCreateSchema>, z.infer<typeof carouselUpdateSchema>> = {
  slug: CAROUSELS_SLUG,
  label: 'Carousel',
  contracts: adminCarouselContracts,
  createData: (input) => leavingDefaults<typeof CAROUSELS_SLUG, 'status'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminCarouselRecord),
  sort: ['order', 'id'],
}
