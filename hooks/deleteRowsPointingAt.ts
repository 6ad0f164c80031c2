import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

/**
 * The rows of `collection` whose `field` points at the deleted record go with it, on every door. Before the delete
 * (in its transaction): afterwards the SQL adapters' foreign key has already set that field to null.
 */
export const deleteRowsPointingAt =
  (collection: CollectionSlug, field: string): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    await req.payload.db.deleteMany({ collection, req, where: { [field]: { equals: id } } })
  }
