import { z } from 'zod'

import { positiveInteger } from '../../http/pagination'
import { dataEnvelope } from '../envelope'
import { defineRoute, errors } from '../route'

export const MAX_STATS_DAYS = 365
const DEFAULT_STATS_DAYS = 30

export const dailyViewsSchema = z
  .strictObject({
    date: z.string().meta({ description: 'A UTC day, YYYY-MM-DD' }),
    views: z.number().int().min(0),
  })
  .meta({ id: 'DailyViews' })

export const getViewStats = defineRoute({
  method: 'get',
  path: '/admin/stats/views',
  operationId: 'getViewStats',
  tag: 'Admin',
  summary: 'Article views per UTC day, oldest first, today included (days without views count 0)',
  access: 'staff',
  query: z.object({
    days: positiveInteger('days', MAX_STATS_DAYS)
      .optional()
      .transform((days) => days ?? DEFAULT_STATS_DAYS)
      .meta({ description: `How many days, 1 to ${MAX_STATS_DAYS}`, default: String(DEFAULT_STATS_DAYS) }),
    article: positiveInteger('article', Number.MAX_SAFE_INTEGER).optional().meta({ description: "One article's views instead of the site's" }),
  }),
  responses: { 200: { description: 'One entry per day', json: dataEnvelope(z.array(dailyViewsSchema)) }, ...errors(401, 403) },
})

export const adminStatsRoutes = [getViewStats]
