import { ApiError } from './apiError'
import type { ApiContext } from './requestTypes'

export const MALFORMED_PATH_MESSAGE = 'Request path is not valid percent-encoding'

/** Whether a URL's path holds a `%` that does not start valid percent-encoding of UTF-8. */
export const isMalformedPath = (url: string): boolean => {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const path = url.slice(start).split('?', 1)[0] ?? ''
  if (!path.includes('%')) return false
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/** `/api/%ff`: a 400 in the envelope before any route reads a parameter from it. */
export const refuseMalformedPath = (c: ApiContext): void => {
  if (isMalformedPath(c.req.url)) throw new ApiError('VALIDATION_ERROR', MALFORMED_PATH_MESSAGE)
}
