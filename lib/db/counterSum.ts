import type { CollectionSlug, Payload } from 'payload'

import { COUNTERS_SLUG } from '../../collections/Counters'
import { COUNTERS_FIELD } from '../../fields/counterFields'
import { counterColumn } from './counterRows'
import { drizzleTable } from './drizzleTable'

export type SumFilter = { field: string; equals: string }

/**
 * The sum of a counter field (`viewCount`) over the records where `filter.field` equals `filter.equals`. SQL adapters
 * add it up in the database from the small counters rows, finding which rows count through the record table's
 * `(filter.field, counters)` index: a record's own row (a large rich text) is never read. Other adapters read that one
 * field of each matching record through Payload. No access rule applies: `filter` says exactly what is summed.
 */
export const sumCounter = async (payload: Payload, collection: CollectionSlug, field: string, filter: SumFilter): Promise<number> => {
  const column = counterColumn(payload, collection, field)
  const records = drizzleTable(payload, collection, [COUNTERS_FIELD, filter.field])
  const counters = drizzleTable(payload, COUNTERS_SLUG, [column, 'id'])
  if (records && counters) {
    const { drizzle, sql } = counters
    const linked = sql`SELECT ${records.table[COUNTERS_FIELD]} FROM ${records.table} WHERE ${records.table[filter.field]} = ${filter.equals}`
    const [row] = await drizzle
      .select({ total: sql`coalesce(sum(${counters.table[column]}), 0)` })
      .from(counters.table)
      .where(sql`${counters.table.id} IN (${linked})`)
    return Number(row?.total ?? 0)
  }
  const { docs } = await payload.find({
    collection,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { [field]: true },
    where: { [filter.field]: { equals: filter.equals } },
  })
  return docs.reduce((sum, doc) => sum + (Number(Reflect.get(doc, field)) || 0), 0)
}
