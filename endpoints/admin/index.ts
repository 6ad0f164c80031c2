import { Hono } from 'hono'
import type { Payload } from 'payload'

import { requireStaff } from '../http/requireStaff'
import type { ApiEnv } from '../http/requestTypes'
import { articlesResource } from './articles'
import { carouselsResource } from './carousels'
import { categoriesResource } from './categories'
import { adminCrudRoutes } from './crud'
import { projectsResource } from './projects'
import { resourcesResource } from './resources'
import { adminStatsRoutes } from './stats'

/**
 * /api/admin/*: staff only (401 anonymous, 403 members), then one CRUD sub-app per resource, and the view statistics.
 * The guard covers every path under /api/admin, so an unknown one is a 404 only for staff.
 */
export const adminRoutes = (payload: Payload): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .use(requireStaff)
    .route('/categories', adminCrudRoutes(payload, categoriesResource))
    .route('/carousels', adminCrudRoutes(payload, carouselsResource))
    .route('/projects', adminCrudRoutes(payload, projectsResource))
    .route('/articles', adminCrudRoutes(payload, articlesResource))
    .route('/resources', adminCrudRoutes(payload, resourcesResource))
    .route('/stats', adminStatsRoutes(payload))
