import type { Access } from 'payload'

import { isStaff } from '../lib/roles'

/** Context flag set only by the public wall route, after its validation, rate limit and honeypot check. */
export const PUBLIC_WALL_CONTEXT = 'publicWallRoute'

/**
 * Visitors sign the wall through `POST /api/wall-messages` only, which limits and checks them; the flag lives in
 * the server-side request context, which no HTTP caller can set, so `/cms-api` cannot be used to bypass it.
 */
export const canCreateWallMessage: Access = ({ req }) => isStaff(req.user) || req.context?.[PUBLIC_WALL_CONTEXT] === true
