import type { PayloadRequest } from 'payload'

import { isStaff } from '../lib/roles'

/** Site members (role `user`) may log in to sign wall messages, but the admin UI is for staff only. */
export const canUseAdminPanel = ({ req: { user } }: { req: PayloadRequest }): boolean => isStaff(user)
