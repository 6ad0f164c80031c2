import type { z } from 'zod'

import { RESOURCES_SLUG } from '../../collections/Resources'
import { leavingDefaults } from '../../lib/createData'
import { adminResourceContracts, type resourceCreateSchema, type resourceUpdateSchema } from '../contracts/admin/resources'
import { adminResourceRecord } from '../serializers/resource'
import { type AdminResource, withoutNulls } from './crud'

export const resourcesResource: AdminResource<typeof RESOURCES_SLUG, z.infer<typeof resourceCreateSchema>, z.infer<typeof resourceUpdateSchema>> = {
  slug: RESOURCES_SLUG,
  label: 'Resource',
  contracts: adminResourceContracts,
  createData: (input) => leavingDefaults<typeof RESOURCES_SLUG, 'status'>(withoutNulls(input)),
  updateData: (input) => input,
  present: async (_payload, docs) => docs.map(adminResourceRecord),
  sort: ['-createdAt', '-id'],
}
