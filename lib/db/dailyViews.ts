import type { Payload } from 'payload'

import { sqlOf } from './rawSql'
import { runSchemaStatements } from './schemaStatements'

/**
 * Views per article per UTC day are written by the database itself, in the statement that counts them: a trigger on
 * `counters.views` upserts the day's row of the article that owns the counters row (a project's views match no
 * article and are not kept per day). The group commit's one UPDATE per batch thus counts the views and their day
 * atomically, and nothing else needs to remember to. Created at every start (idempotent), like the search index, so
 * it exists whether the schema came from migrations or from development's push. The trigger of earlier versions, on
 * `articles.view_count`, is dropped by the migration that moved the counts.
 */
const DAILY_VIEWS_DDL = {
  sqlite: [
    `CREATE TRIGGER IF NOT EXISTS counters_daily_views AFTER UPDATE OF views ON counters
     WHEN NEW.views > OLD.views
     BEGIN
       INSERT INTO article_daily_views (article_id, day, views)
       SELECT articles.id, strftime('%Y-%m-%d', 'now'), NEW.views - OLD.views FROM articles WHERE articles.counters_id = NEW.id
       ON CONFLICT (article_id, day) DO UPDATE SET views = views + excluded.views, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
     END`,
  ],
  // Once per statement, over the rows it changed (transition tables): one upsert per group commit rather than one
  // per article. Transition tables allow no column list, so likes and downloads fire it too, and find no views that
  // grew.
  postgres: [
    `CREATE OR REPLACE FUNCTION counters_daily_views() RETURNS trigger AS $$
     BEGIN
       INSERT INTO article_daily_views (article_id, day, views)
       SELECT articles.id, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), new_counts.views - old_counts.views
       FROM new_counts JOIN old_counts ON old_counts.id = new_counts.id JOIN articles ON articles.counters_id = new_counts.id
       WHERE new_counts.views > old_counts.views
       ON CONFLICT (article_id, day) DO UPDATE SET views = article_daily_views.views + excluded.views, updated_at = now();
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    'DROP TRIGGER IF EXISTS counters_daily_views ON counters',
    `CREATE TRIGGER counters_daily_views AFTER UPDATE ON counters REFERENCING OLD TABLE AS old_counts NEW TABLE AS new_counts
     FOR EACH STATEMENT EXECUTE FUNCTION counters_daily_views()`,
  ],
}

/** Creates the trigger (SQL databases; MongoDB keeps no daily views yet). */
export const ensureDailyViews = async (payload: Payload): Promise<void> => {
  const db = await sqlOf(payload)
  if (!db) return
  await runSchemaStatements(db, DAILY_VIEWS_DDL[db.dialect])
}

export type DailyViews = { date: string; views: number }

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** The last `days` UTC days, oldest first, today included, each with its views (of one article, or all), zeros too. */
export const readDailyViews = async (payload: Payload, days: number, article?: number, now = Date.now()): Promise<DailyViews[]> => {
  const dates = Array.from({ length: days }, (_, index) => isoDay(now - (days - 1 - index) * DAY_MS))
  const counted = new Map<string, number>()
  const db = await sqlOf(payload)
  if (db) {
    const { sql } = db
    const ofArticle = article === undefined ? sql`` : sql` AND article_id = ${article}`
    const { rows } = await db.run(sql`SELECT day, sum(views) AS views FROM article_daily_views WHERE day >= ${dates[0]}${ofArticle} GROUP BY day`)
    for (const row of rows) counted.set(String(row.day), Number(row.views))
  }
  return dates.map((date) => ({ date, views: counted.get(date) ?? 0 }))
}
