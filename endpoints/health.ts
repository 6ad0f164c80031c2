import { Router } from 'express'
import type { Payload } from 'payload'

import { CATEGORIES_SLUG } from '../collections/Categories'
import type { DatabaseKind } from '../lib/databaseSelection'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'

/** GET /health: ok once the database answers a query. */
export const healthRoutes = (payload: Payload, database: DatabaseKind): Router => {
  const router = Router()
  router.get('/', async (_req, res) => {
    try {
      await payload.count({ collection: CATEGORIES_SLUG, overrideAccess: true })
    } catch (error) {
      payload.logger.error({ err: error }, 'health check: database did not answer')
      throw new ApiError('SERVICE_UNAVAILABLE', 'Database is not answering')
    }
    res.setHeader('Cache-Control', 'no-store')
    sendData(res, { status: 'ok', db: database })
  })
  return router
}
