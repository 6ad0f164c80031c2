import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'

export const ARTICLE_LIKES_SLUG = 'article-likes'

const nobody = () => false

/**
 * One row per like: the article and a keyed hash of the visitor (never the visitor id itself), unique together, so
 * a like is one insert the database makes idempotent. `ipHash` (keyed too) and `createdAt` let the like route count
 * the visitors one client IP brought to an article today. Rows are written only by `/api` (lib/likes.ts); staff may
 * read them in the admin UI, nobody edits them. An article's likes go when the article does (deleteRowsPointingAt).
 */
export const ArticleLikes: CollectionConfig = {
  slug: ARTICLE_LIKES_SLUG,
  access: { create: nobody, delete: nobody, read: canManageContent, update: nobody },
  admin: {
    defaultColumns: ['article', 'createdAt'],
    description: 'Likes given through the public API; read only.',
    group: 'Blog',
  },
  defaultSort: '-createdAt',
  indexes: [
    { fields: ['article', 'visitorHash'], unique: true },
    { fields: ['article', 'ipHash', 'createdAt'] },
  ],
  fields: [
    { name: 'article', type: 'relationship', relationTo: 'articles', required: true, admin: { readOnly: true } },
    { name: 'visitorHash', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'ipHash', type: 'text', required: true, admin: { readOnly: true } },
  ],
}
