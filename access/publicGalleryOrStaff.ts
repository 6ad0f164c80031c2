import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

export const publicGalleryOrStaff: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  return { public: { equals: true } }
}
