import type { CollectionSlug, Payload } from 'payload'

/**
 * Adds one to a counter field with a single atomic update (`column = column + 1` in SQL, `$inc` in MongoDB):
 * concurrent requests never lose a count. Goes straight to the adapter, so no hooks run; `updatedAt: null` tells
 * the adapter to leave the timestamp alone (a view is not an edit). Returns the new value, the only column read back.
 */
export const incrementCounter = async (
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  field: string,
): Promise<number> => {
  const updated = await payload.db.updateOne({
    collection,
    id,
    data: { [field]: { $inc: 1 }, updatedAt: null },
    returning: true,
    // Only the counter comes back: a record's other columns (its rich text) can be large.
    select: { [field]: true },
  })
  return Number((updated as unknown as Record<string, unknown> | null)?.[field] ?? 0)
}
