import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'

import type { RequestHandler } from 'express'

import { corsHeaders } from './cors'

/**
 * Sets the headers every `/api` answer carries, on either path (the router and the cache's fast path before
 * Express): a fresh `X-Request-Id` (a 500's log line has the same id), `nosniff`, `Vary: Origin` and, for an allowed
 * origin, CORS. Returns the request id.
 */
export const setCommonHeaders = (res: ServerResponse, origin: string | undefined, corsOrigins: string[]): string => {
  const requestId = randomUUID()
  res.setHeader('X-Request-Id', requestId)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Vary', 'Origin')
  const cors = corsHeaders(origin, corsOrigins)
  if (cors) for (const [name, value] of Object.entries(cors)) res.setHeader(name, value)
  return requestId
}

/** The router's first middleware: the common headers, and the request id kept on the request for the error log. */
export const commonHeaders =
  (corsOrigins: string[]): RequestHandler =>
  (req, res, next) => {
    req.requestId = setCommonHeaders(res, req.headers.origin, corsOrigins)
    next()
  }
