import type { RequestHandler } from 'express'

import { isStaff } from '../../lib/roles'
import { ApiError } from './apiError'

/** Guard of /api/admin: anonymous -> 401, a member without the admin or editor role -> 403. */
export const requireStaff: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new ApiError('UNAUTHORIZED', 'Log in to use the admin API'))
  if (!isStaff(req.user)) return next(new ApiError('FORBIDDEN', 'The admin API needs the admin or editor role'))
  next()
}
