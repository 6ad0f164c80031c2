import type { Access } from 'payload'

import { hasRole } from '../lib/roles'

/** Admins see every account; anyone else logged in sees only their own; anonymous callers see none. */
export const adminOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  if (hasRole(user, 'admin')) return true
  return { id: { equals: user.id } }
}
