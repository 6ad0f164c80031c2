import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

export const approvedOrStaff: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  return { status: { equals: 'approved' } }
}
