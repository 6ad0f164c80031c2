import { randomUUID } from 'node:crypto'

import { corsHeaders } from './cors'
import type { ApiContext } from './requestTypes'

/**
 * The headers every `/api` answer carries, errors included: a fresh `X-Request-Id` (a 500's log line has the same
 * id), `nosniff`, `Vary: Origin` and, for an allowed origin, CORS. The first thing the app does with a request.
 */
export const startCommonHeaders = (c: ApiContext, corsOrigins: string[]): void => {
  const requestId = randomUUID()
  c.set('requestId', requestId)
  const cors = corsHeaders(c.req.header('origin'), corsOrigins)
  c.set('responseHeaders', { 'x-request-id': requestId, 'x-content-type-options': 'nosniff', vary: 'Origin', ...cors })
}
