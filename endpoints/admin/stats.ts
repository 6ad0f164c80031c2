import { Router } from 'express'
import type { Payload } from 'payload'

import { readDailyViews } from '../../lib/db/dailyViews'
import { getViewStats } from '../contracts/admin/stats'
import { sendData } from '../http/envelope'
import { parseQueryParams } from '../http/query'

/** GET /admin/stats/views: the site's (or one article's) views per day, for scripts and the admin dashboard. */
export const adminStatsRoutes = (payload: Payload): Router => {
  const router = Router()
  router.get('/views', async (req, res) => {
    const { days, article } = parseQueryParams(getViewStats.query, req.query)
    res.setHeader('Cache-Control', 'private, no-store')
    sendData(res, await readDailyViews(payload, days, article))
  })
  return router
}
