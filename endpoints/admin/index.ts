import { Router } from 'express'
import type { Payload } from 'payload'

import { requireStaff } from '../http/requireStaff'
import { articlesResource } from './articles'
import { carouselsResource } from './carousels'
import { categoriesResource } from './categories'
import { adminCrudRoutes } from './crud'
import { projectsResource } from './projects'
import { resourcesResource } from './resources'
import { adminStatsRoutes } from './stats'

/** /api/admin/*: staff only (401 anonymous, 403 members), then one CRUD router per resource, and the view statistics. */
export const adminRoutes = (payload: Payload): Router => {
  const router = Router()
  router.use(requireStaff)
  router.use('/categories', adminCrudRoutes(payload, categoriesResource))
  router.use('/carousels', adminCrudRoutes(payload, carouselsResource))
  router.use('/projects', adminCrudRoutes(payload, projectsResource))
  router.use('/articles', adminCrudRoutes(payload, articlesResource))
  router.use('/resources', adminCrudRoutes(payload, resourcesResource))
  router.use('/stats', adminStatsRoutes(payload))
  return router
}
