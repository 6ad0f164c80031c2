import type { Access, FieldAccess } from 'payload'

import { hasRole } from '../lib/roles'
import { adminOrSelf } from './adminOrSelf'

/** Context flag set only by server code that shows bylines and wall avatars (endpoints/publicUserFields.ts). */
export const PUBLIC_PROFILES_CONTEXT = 'publicProfiles'

/**
 * Accounts are private: admins see all, anyone else only their own. A user's public profile (the fields without a
 * read rule of their own: name and avatar) is shown next to what they wrote, so reads that carry the flag may see
 * every account, through `ownAccountField` on everything else. The flag lives in the server-side request context,
 * which no HTTP caller can set, so `/cms-api` cannot list accounts with it.
 */
export const canReadUsers: Access = (args) => args.req.context?.[PUBLIC_PROFILES_CONTEXT] === true || adminOrSelf(args)

/** Fields of an account only its owner and admins read (its email address, its roles). */
export const ownAccountField: FieldAccess = ({ req: { user }, doc, id }) =>
  hasRole(user, 'admin') || (user != null && user.id === (doc?.id ?? id))
