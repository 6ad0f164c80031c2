import { isStaff } from '../../lib/roles'
import { ApiError } from './apiError'
import type { ApiMiddleware } from './requestTypes'

/** Guard of /api/admin: anonymous -> 401, a member without the admin or editor role -> 403. */
export const requireStaff: ApiMiddleware = async (c, next) => {
  const user = c.get('user')
  if (!user) throw new ApiError('UNAUTHORIZED', 'Log in to use the admin API')
  if (!isStaff(user)) throw new ApiError('FORBIDDEN', 'The admin API needs the admin or editor role')
  await next()
}
