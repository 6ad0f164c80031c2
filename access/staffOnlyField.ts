import type { FieldAccess } from 'payload'

import { isStaff } from '../lib/roles'

/** For fields the public must never see (email addresses) or set (moderation status). */
export const staffOnlyField: FieldAccess = ({ req: { user } }) => isStaff(user)
