import type { RequestHandler } from 'express'

import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nulCharacters'
import { ApiError } from './apiError'

/** A query parameter holding U+0000 (`%00`) is a 400 naming it, before any route reads it. */
export const refuseNulInQuery: RequestHandler = (req, _res, next) => {
  const path = nulCharacterPath(req.query)
  next(path === undefined ? undefined : new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: path.split('.')[0] ?? path, message: NUL_MESSAGE }]))
}
