import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * An article's earlier slugs go with it, on every door. Before the delete (in its transaction): afterwards the SQL
 * adapters' foreign key has already set the rows' article to null.
 */
export const deleteArticleRedirects: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'article-redirects', req, where: { article: { equals: id } } })
}
