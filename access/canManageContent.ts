import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

/** Admins and editors write content. */
export const canManageContent: Access = ({ req: { user } }) => isStaff(user)
