import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

export const activeOrStaff: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  return { status: { equals: 'active' } }
}
