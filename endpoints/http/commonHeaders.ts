import { randomUUID } from 'node:crypto'

import { corsHeaders } from './cors'
import type { ApiMiddleware } from './requestTypes'

/**
 * The app's first middleware: the headers every `/api` answer carries, errors included: a fresh `X-Request-Id`
 * (a 500's log line has the same id), `nosniff`, `Vary: Origin` and, for an allowed origin, CORS.
 */
export const commonHeaders =
  (corsOrigins: string[]): ApiMiddleware =>
  async (c, next) => {
    const requestId = randomUUID()
    c.set('requestId', requestId)
    c.header('X-Request-Id', requestId)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Vary', 'Origin')
    const cors = corsHeaders(c.req.header('origin'), corsOrigins)
    if (cors) for (const [name, value] of Object.entries(cors)) c.header(name, value)
    await next()
  }
