import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nulCharacters'
import { ApiError } from './apiError'
import type { ApiContext } from './requestTypes'

/**
 * A query parameter holding U+0000 is a 400 naming it, before any route reads it. It can only come from `%00` in the
 * URL (Node refuses a raw NUL, and a Web host's URL parser percent-encodes it), so other URLs are not parsed here.
 */
export const refuseNulInQuery = (c: ApiContext): void => {
  if (!c.req.url.includes('%00')) return
  const path = nulCharacterPath(c.req.queries())
  if (path !== undefined) throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: path.split('.')[0] ?? path, message: NUL_MESSAGE }])
}
