import { Hono } from 'hono'
import type { Payload } from 'payload'

import { readDailyViews } from '../../lib/db/dailyViews'
import { getViewStats } from '../contracts/admin/stats'
import { sendData } from '../http/envelope'
import { parseQueryParams } from '../http/query'
import type { ApiEnv } from '../http/requestTypes'
import { setHeader } from '../http/responseHeaders'

/** GET /admin/stats/views: the site's (or one article's) views per day, for scripts and the admin dashboard. */
export const adminStatsRoutes = (payload: Payload): Hono<ApiEnv> =>
  new Hono<ApiEnv>().get('/views', async (c) => {
    const { days, article } = parseQueryParams(getViewStats.query, c.req.queries())
    setHeader(c, 'Cache-Control', 'private, no-store')
    return sendData(c, await readDailyViews(payload, days, article))
  })
