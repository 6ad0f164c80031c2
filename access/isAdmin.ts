import type { Access } from 'payload'

import { hasRole } from '../lib/roles'

export const isAdmin: Access = ({ req: { user } }) => hasRole(user, 'admin')
