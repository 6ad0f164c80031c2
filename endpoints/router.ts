import { Router } from 'express'
import type { Payload } from 'payload'

import type { DatabaseKind } from '../lib/databaseSelection'
import { reportDatabaseError } from '../lib/db/guardDatabase'
import type { ServiceEnv } from '../lib/env'
import { adminRoutes } from './admin'
import { articleRoutes } from './articles'
import { authRoutes } from './auth'
import { feedRoutes } from './feeds'
import { galleryRoutes } from './galleries'
import { healthRoutes } from './health'
import { homeRoutes } from './home'
import { ApiError } from './http/apiError'
import { authenticate } from './http/authenticate'
import { commonHeaders } from './http/commonHeaders'
import { answerPreflight } from './http/cors'
import { createErrorHandler } from './http/errorHandler'
import { jsonBody } from './http/jsonBody'
import { refuseNulInQuery } from './http/refuseNulInQuery'
import { likeRoutes } from './likes'
import { openApiRoutes } from './openapi/routes'
import { projectRoutes } from './projects'
import { resourceRoutes } from './resources'
import { searchRoutes } from './search'
import { sitemapRoutes } from './sitemap'
import { skillRoutes } from './skills'
import { wallMessageRoutes } from './wallMessages'

export type ApiRouterContext = {
  database: DatabaseKind
  env: ServiceEnv
  /** True once the process has begun to shut down: health checks answer 503 so balancers stop sending. */
  isDraining: () => boolean
  payload: Payload
}

const WALL_BODY_LIMIT = '100kb'
const DEFAULT_BODY_LIMIT = '1mb'

/** The `/api` contract: plumbing first, then one router per resource, then the 404 and the one error handler. */
export const createApiRouter = ({ database, env, isDraining, payload }: ApiRouterContext): Router => {
  const router = Router()
  router.use(commonHeaders(env.corsOrigins), answerPreflight(env.corsOrigins))
  router.use('/wall-messages', jsonBody(WALL_BODY_LIMIT))
  router.use(jsonBody(DEFAULT_BODY_LIMIT))
  router.use(refuseNulInQuery)
  router.use(authenticate(payload))

  // The cached public payloads first: they are the busiest routes, and each router passed on the way costs a little.
  router.use('/home', homeRoutes(payload, env.homeCacheTtl))
  router.use('/skills', skillRoutes(payload, env.skillsCacheTtl))
  router.use('/health', healthRoutes(payload, database, isDraining))
  router.use('/auth', authRoutes(payload))
  router.use('/admin', adminRoutes(payload))

  // Records and totals change only through edits, which clear the cache; answers that show counters lag them.
  const cache = { recordTtl: env.homeCacheTtl, answerTtl: env.listCacheTtl }
  router.use('/articles', likeRoutes(payload, env.likeRateLimit, cache.recordTtl))
  router.use('/articles', articleRoutes(payload, cache))
  router.use('/projects', projectRoutes(payload, cache))
  router.use('/resources', resourceRoutes(payload, cache))
  router.use('/wall-messages', wallMessageRoutes(payload, env.wallRateLimit, env.listCacheTtl, env.wallModeration))
  router.use('/galleries', galleryRoutes(payload, env.listCacheTtl))
  router.use('/search', searchRoutes(payload, env.searchRateLimit))

  // Feeds and the sitemap show published records only, so one copy serves everyone until the next change.
  const documents = { ttl: env.homeCacheTtl, siteUrl: env.siteUrl, serverUrl: env.serverUrl }
  router.use('/feeds', feedRoutes(payload, { ...documents, limit: env.feedLimit }))
  router.use(sitemapRoutes(payload, { ...documents, maxUrls: env.sitemapMaxUrls }))
  router.use(openApiRoutes(env.serverUrl))

  router.use((req, _res, next) => next(new ApiError('NOT_FOUND', `No route for ${req.method} ${req.originalUrl.split('?')[0]}`)))
  router.use(createErrorHandler(payload.logger, (error) => reportDatabaseError(payload.db, error)))
  return router
}
