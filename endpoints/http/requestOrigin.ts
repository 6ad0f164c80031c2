import type { Request } from 'express'

import { ApiError } from './apiError'

/**
 * The origin the client called, as `https://host[:port]`: Express's `req.protocol` and `req.host`, which honour
 * `X-Forwarded-Proto` and `X-Forwarded-Host` only when TRUST_PROXY is on. A Host header that is no host is a 400.
 */
export const requestOrigin = (req: Request): string => {
  try {
    const url = new URL(`${req.protocol}://${req.host}`)
    if (url.host !== '' && url.pathname === '/' && !url.search && !url.hash && !url.username) return url.origin
  } catch {
    // reported below
  }
  throw new ApiError('VALIDATION_ERROR', 'The Host header does not name a host')
}
