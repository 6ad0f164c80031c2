import type { CollectionSlug, Payload } from 'payload'

import { drizzleTable } from './drizzleTable'

/**
 * Adds one to a counter field with a single atomic update (`column = column + 1` in SQL, `$inc` in MongoDB):
 * concurrent requests never lose a count. No hooks run and `updatedAt` is left alone (a view is not an edit).
 * Returns the new value, the only column read back. SQL adapters get one `UPDATE … RETURNING` through the adapter's
 * own drizzle: Payload's `updateOne` costs about 0.3 ms more per call (measured on SQLite), and counted routes
 * are among the busiest. Returns `undefined` when the record does not exist.
 */
export const incrementCounter = async (
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  field: string,
): Promise<number | undefined> => {
  const sqlTable = drizzleTable(payload, collection, [field, 'id'])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    const [row] = await drizzle
      .update(table)
      .set({ [field]: sql`${table[field]} + 1` })
      .where(sql`${table.id} = ${id}`)
      .returning({ value: table[field] })
    return row ? Number(row.value) : undefined
  }
  const updated = await payload.db.updateOne({
    collection,
    id,
    data: { [field]: { $inc: 1 }, updatedAt: null },
    returning: true,
    // Only the counter comes back: a record's other columns (its rich text) can be large.
    select: { [field]: true },
  })
  return updated ? Number(Reflect.get(updated, field) ?? 0) : undefined
}
