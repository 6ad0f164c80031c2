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
 * The `/api` contract as a Web-standard app (`Request -> Response` through `.fetch`), for any host: one sub-app per
 * resource, each route (and the 404) with the plumbing run first, then the one error handler.
 */
export const createBlogApi = ({ payload, env, database, isDraining = () => false }: BlogApiOptions): BlogApi => {
  const api = new Hono<ApiEnv>({ strict: false }).basePath('/api')
  const plumbed = plumbing(payload, env)
  const mount = (path: string, routes: Hono<ApiEnv>) => api.route(path, plumbed.routes(routes))

  mount('/home', homeRoutes(payload, env.homeCacheTtl))
  mount('/skills', skillRoutes(payload, env.skillsCacheTtl))
  mount('/health', healthRoutes(payload, database, isDraining))
  mount('/auth', authRoutes(payload))
  mount('/admin', adminRoutes(payload))

  // Records and totals change only through edits, which clear the cache; answers that show counters lag them.
  const cache = { recordTtl: env.homeCacheTtl, answerTtl: env.listCacheTtl }
  mount('/articles', likeRoutes(payload, env.likeRateLimit, cache.recordTtl))
  mount('/articles', articleRoutes(payload, cache))
  mount('/projects', projectRoutes(payload, cache))
  mount('/resources', resourceRoutes(payload, cache))
  mount('/wall-messages', wallMessageRoutes(payload, env.wallRateLimit, env.listCacheTtl, env.wallModeration))
  mount('/galleries', galleryRoutes(payload, env.listCacheTtl))
  mount('/search', searchRoutes(payload, env.searchRateLimit))

  // Feeds and the sitemap show published records only, so one copy serves everyone until the next change.
  const documents = { ttl: env.homeCacheTtl, siteUrl: env.siteUrl, serverUrl: env.serverUrl }
  mount('/feeds', feedRoutes(payload, { ...documents, limit: env.feedLimit }))
  mount('/', sitemapRoutes(payload, { ...documents, maxUrls: env.sitemapMaxUrls }))
  mount('/', openApiRoutes(env.serverUrl))

  api.notFound(plumbed.notFound(answerNoRoute))
  api.onError(createErrorHandler(payload.logger, (error) => reportDatabaseError(payload.db, error)))
  return api
}
