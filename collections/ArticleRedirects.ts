import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'

export const ARTICLE_REDIRECTS_SLUG = 'article-redirects'

const nobody = () => false

/**
 * The earlier slugs of articles, which `GET /api/articles/{old-slug}-{id}` and `/{old-slug}` answer with a 301 to
 * the current address. One row per (slug, article): every article keeps every slug it gave up, so `{old-slug}-{id}`
 * names one article for good; for a bare `{old-slug}` the newest row (highest id) wins, as the article that gave it
 * up last. Rows are written only by the articles' own hooks (recordEarlierSlug, deleteRowsPointingAt), in the
 * article's transaction, whichever door changed it. Admins may read them in the admin UI; nobody edits them.
 */
export const ArticleRedirects: CollectionConfig = {
  slug: ARTICLE_REDIRECTS_SLUG,
  access: { create: nobody, delete: nobody, read: isAdmin, update: nobody },
  admin: {
    defaultColumns: ['slug', 'article', 'createdAt'],
    description: 'Earlier slugs of articles: their old addresses answer 301 to the current one. Kept by the articles; read only.',
    group: 'Site',
    listSearchableFields: ['slug'],
    useAsTitle: 'slug',
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['slug', 'article'], unique: true }],
  fields: [
    { name: 'slug', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'article', type: 'relationship', relationTo: 'articles', required: true, index: true, admin: { readOnly: true } },
  ],
}
