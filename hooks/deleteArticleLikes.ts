import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * An article's likes go with it, on every door. Before the delete (in its transaction): afterwards the SQL
 * adapters' foreign key has already set the likes' article to null.
 */
export const deleteArticleLikes: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'article-likes', req, where: { article: { equals: id } } })
}
