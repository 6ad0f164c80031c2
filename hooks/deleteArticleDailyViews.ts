import type { CollectionBeforeDeleteHook } from 'payload'

/** An article's daily view rows go with it, on every door, in the delete's transaction (as its likes do). */
export const deleteArticleDailyViews: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'article-daily-views', req, where: { article: { equals: id } } })
}
