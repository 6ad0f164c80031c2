import { Hono } from 'hono'
import type { Payload } from 'payload'

import type { DatabaseKind } from '../lib/databaseSelection'
import { reportDatabaseError } from '../lib/db/outages'
import type { ServiceEnv } from '../lib/env'
import { adminRoutes } from './admin'
import { articleRoutes } from './articles'
import { authRoutes } from './auth'
import { feedRoutes } from './feeds'
import { galleryRoutes } from './galleries'
import { healthRoutes } from './health'
import { homeRoutes } from './home'
import { answerNoRoute, createErrorHandler } from './http/errorHandler'
import { plumbing } from './http/plumbing'
import type { ApiEnv } from './http/requestTypes'
import { likeRoutes } from './likes'
import { openApiRoutes } from './openapi/routes'
import { projectRoutes } from './projects'
import { resourceRoutes } from './resources'
import { searchRoutes } from './search'
import { sitemapRoutes } from './sitemap'
import { skillRoutes } from './skills'
import { wallMessageRoutes } from './wallMessages'

export type BlogApiOptions = {
  payload: Payload
  env: ServiceEnv
  /** Which adapter the database is (the health route names it). */
  database: DatabaseKind
  /** True once the process has begun to shut down: health checks answer 503 so balancers stop sending. */
  isDraining?: () => boolean
}

export type BlogApi = Hono<ApiEnv>

/**
 * The `/api` contract as a Web-standard app (`Request -> Response` through `.fetch`), for any host: plumbing first,
 * then one sub-app per resource, then the 404 and the one error handler.
 */
export const createBlogApi = ({ payload, env, database, isDraining = () => false }: BlogApiOptions): BlogApi => {
  const api = new Hono<ApiEnv>({ strict: false }).basePath('/api')
  api.use(plumbing(payload, env))

  api.route('/home', homeRoutes(payload, env.homeCacheTtl))
  api.route('/skills', skillRoutes(payload, env.skillsCacheTtl))
  api.route('/health', healthRoutes(payload, database, isDraining))
  api.route('/auth', authRoutes(payload))
  api.route('/admin', adminRoutes(payload))

  // Records and totals change only through edits, which clear the cache; answers that show counters lag them.
  const cache = { recordTtl: env.homeCacheTtl, answerTtl: env.listCacheTtl }
  api.route('/articles', likeRoutes(payload, env.likeRateLimit, cache.recordTtl))
  api.route('/articles', articleRoutes(payload, cache))
  api.route('/projects', projectRoutes(payload, cache))
  api.route('/resources', resourceRoutes(payload, cache))
  api.route('/wall-messages', wallMessageRoutes(payload, env.wallRateLimit, env.listCacheTtl, env.wallModeration))
  api.route('/galleries', galleryRoutes(payload, env.listCacheTtl))
  api.route('/search', searchRoutes(payload, env.searchRateLimit))

  // Feeds and the sitemap show published records only, so one copy serves everyone until the next change.
  const documents = { ttl: env.homeCacheTtl, siteUrl: env.siteUrl, serverUrl: env.serverUrl }
  api.route('/feeds', feedRoutes(payload, { ...documents, limit: env.feedLimit }))
  api.route('/', sitemapRoutes(payload, { ...documents, maxUrls: env.sitemapMaxUrls }))
  api.route('/', openApiRoutes(env.serverUrl))

  api.notFound(answerNoRoute)
  api.onError(createErrorHandler(payload.logger, (error) => reportDatabaseError(payload.db, error)))
  return api
}
