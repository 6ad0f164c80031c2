import { Hono } from 'hono'
import type { Payload } from 'payload'

import { CATEGORIES_SLUG } from '../collections/Categories'
import type { DatabaseKind } from '../lib/databaseSelection'
import { isDatabaseUnavailable } from '../lib/db/databaseUnavailable'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'
import type { ApiEnv } from './http/requestTypes'
import { setHeader } from './http/responseHeaders'

const DRAINING_RETRY_AFTER_SECONDS = 5

/**
 * GET /health: 200 once the database answers a query; 503 while it does not, and while the process shuts down
 * (so a load balancer stops sending before the process exits).
 */
export const healthRoutes = (payload: Payload, database: DatabaseKind, isDraining: () => boolean): Hono<ApiEnv> =>
  new Hono<ApiEnv>().get('/', async (c) => {
    // Set first, so the 503s carry it too.
    setHeader(c, 'Cache-Control', 'no-store')
    if (isDraining()) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'The service is shutting down', undefined, {
        'Retry-After': String(DRAINING_RETRY_AFTER_SECONDS),
      })
    }
    try {
      await payload.count({ collection: CATEGORIES_SLUG, overrideAccess: true })
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error
      payload.logger.error({ err: error }, 'health check: the database answered with an error')
      throw new ApiError('SERVICE_UNAVAILABLE', 'The database is not answering queries')
    }
    return sendData(c, { status: 'ok', db: database })
  })
