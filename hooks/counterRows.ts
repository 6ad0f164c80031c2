import type { CollectionAfterDeleteHook, CollectionBeforeChangeHook } from 'payload'

import { COUNTERS_SLUG } from '../collections/Counters'
import { COUNTERS_FIELD, type CounterFieldSpec } from '../fields/counterFields'

const startingCount = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0)

/**
 * A new record gets its own counters row, in the create's transaction. The counts start at 0, or, on a create through
 * the Local API, at the values given for the counter fields (an import keeps a post's history). A `counters` value
 * sent by a client is ignored, and a duplicate (whose `originalDoc` is the record it copies, row link included)
 * starts at 0: it has not been read yet.
 */
export const createCounterRow =
  (specs: CounterFieldSpec[]): CollectionBeforeChangeHook =>
  async ({ data, operation, originalDoc, req }) => {
    if (operation !== 'create') return data
    // Only code in the process (an import, /api/admin's create, a restore) carries counts over; Payload's REST and
    // GraphQL (the admin UI, /cms-api) start every count at 0.
    const carriedOver = req.payloadAPI === 'local' && originalDoc?.[COUNTERS_FIELD] == null
    const counts = Object.fromEntries(specs.map(({ name, column }) => [column, carriedOver ? startingCount(data[name]) : 0]))
    const row = await req.payload.db.create({ collection: COUNTERS_SLUG, data: counts, req })
    return { ...data, [COUNTERS_FIELD]: row.id }
  }

/** A deleted record's counters row goes with it, on every door, in the delete's transaction. */
export const deleteCounterRow: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const row: unknown = doc?.[COUNTERS_FIELD]
  const id = typeof row === 'object' && row !== null ? Reflect.get(row, 'id') : row
  if (typeof id !== 'number' && typeof id !== 'string') return
  await req.payload.db.deleteOne({ collection: COUNTERS_SLUG, req, where: { id: { equals: id } } })
}
