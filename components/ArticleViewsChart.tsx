import type { UIFieldServerProps } from 'payload'

import { readDailyViews } from '../lib/db/dailyViews'
import { ViewsChart } from './ViewsChart'

const DAYS = 30

/** An article's edit view (sidebar): its own views per day over the last 30 days; nothing before its first save. */
export const ArticleViewsChart = async ({ id, payload }: UIFieldServerProps) => {
  if (id === undefined || id === null) return null
  return <ViewsChart days={await readDailyViews(payload, DAYS, Number(id))} height={64} title="Views of this article" />
}
