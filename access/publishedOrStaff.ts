import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

/** The public reads published rows only; staff read drafts too (previews). */
export const publishedOrStaff: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  return { status: { equals: 'published' } }
}
