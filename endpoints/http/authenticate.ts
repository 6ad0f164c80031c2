import type { Payload } from 'payload'

import { DatabaseUnavailableError } from '../../lib/db/databaseUnavailable'
import { authMetOutage } from '../../lib/outageAwareJwt'
import { ApiError } from './apiError'
import type { ApiContext, ApiUser } from './requestTypes'

const BEARER = /^Bearer\s+(\S+)\s*$/

/**
 * Resolves `Authorization: Bearer <token>` to a user through Payload's auth strategies (JWT + session check).
 * No header means anonymous. A header that does not name a live session is a 401 on every route: a client with
 * a stale token learns it at once instead of silently seeing the public view. Cookies are ignored on /api, so
 * the admin UI's session cookie cannot be ridden by cross-site requests. An anonymous request is settled in the same
 * turn (no promise).
 */
export const authenticate = (payload: Payload, c: ApiContext): Promise<void> | undefined => {
  const header = c.req.header('authorization')
  if (!header) {
    c.set('user', null)
    return undefined
  }
  return authenticateBearer(payload, c, header)
}

const authenticateBearer = async (payload: Payload, c: ApiContext, header: string): Promise<void> => {
  if (!BEARER.test(header)) throw new ApiError('UNAUTHORIZED', 'Authorization must be "Bearer <token>"')
  const headers = new Headers({ authorization: header })
  const { user } = await payload.auth({ headers })
  if (!user && authMetOutage(headers)) throw new DatabaseUnavailableError('the token could not be checked')
  if (!user) throw new ApiError('UNAUTHORIZED', 'Token is invalid or expired')
  c.set('user', user as ApiUser)
}
