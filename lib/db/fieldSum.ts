import type { CollectionSlug, Payload } from 'payload'

import { drizzleTable } from './drizzleTable'

export type SumFilter = { field: string; equals: string }

/**
 * The sum of a number field over the records where `filter.field` equals `filter.equals`. SQL adapters add it up in
 * the database; a record's other columns (a large rich text) are never read or parsed. Other adapters read that one
 * field of each matching record through Payload. No access rule applies: `filter` says exactly what is summed.
 */
export const sumField = async (payload: Payload, collection: CollectionSlug, field: string, filter: SumFilter): Promise<number> => {
  const sqlTable = drizzleTable(payload, collection, [field, filter.field])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    const [row] = await drizzle
      .select({ total: sql`coalesce(sum(${table[field]}), 0)` })
      .from(table)
      .where(sql`${table[filter.field]} = ${filter.equals}`)
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
