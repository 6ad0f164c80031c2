import type { FieldAccess } from 'payload'

import { hasRole } from '../lib/roles'

export const adminOnlyField: FieldAccess = ({ req: { user } }) => hasRole(user, 'admin')
