import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nulCharacters'
import { ApiError } from './apiError'
import type { ApiMiddleware } from './requestTypes'

/** A query parameter holding U+0000 (`%00`) is a 400 naming it, before any route reads it. */
export const refuseNulInQuery: ApiMiddleware = async (c, next) => {
  const path = nulCharacterPath(c.req.queries())
  if (path !== undefined) throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: path.split('.')[0] ?? path, message: NUL_MESSAGE }])
  await next()
}
