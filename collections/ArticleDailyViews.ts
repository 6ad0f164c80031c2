import type { CollectionConfig } from 'payload'

export const ARTICLE_DAILY_VIEWS_SLUG = 'article-daily-views'

const nobody = () => false

/**
 * Views per article per UTC day: one row per article and day, upserted by the same group commit that counts the
 * view (lib/db/counterBatch.ts). Read through `GET /api/admin/stats/views`; hidden in the admin UI and closed on
 * every other door. An article's rows go when the article does (deleteRowsPointingAt).
 */
export const ArticleDailyViews: CollectionConfig = {
  slug: ARTICLE_DAILY_VIEWS_SLUG,
  access: { create: nobody, delete: nobody, read: nobody, update: nobody },
  admin: { hidden: true },
  indexes: [{ fields: ['article', 'day'], unique: true }, { fields: ['day'] }],
  fields: [
    { name: 'article', type: 'relationship', relationTo: 'articles', required: true },
    { name: 'day', type: 'text', required: true },
    { name: 'views', type: 'number', required: true, defaultValue: 0 },
  ],
}
