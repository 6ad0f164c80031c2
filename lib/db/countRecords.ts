import type { CollectionSlug, Payload, Where } from 'payload'

import { drizzleTable } from './drizzleTable'

/** Fields and the exact values a record must hold in each to be counted. */
export type EqualsFilter = Record<string, string | boolean>

/**
 * How many records hold every value of `filter`, counted by the database (`SELECT count(*) … WHERE …`), without
 * access rules: `filter` says exactly what is counted. Payload's `count` cost 1.8 ms on SQLite for what the
 * statement does in 0.3 ms, and rebuilding the home and every list after a change needs such counts. Other
 * adapters (MongoDB) count through Payload.
 */
export const countRecords = async (payload: Payload, collection: CollectionSlug, filter: EqualsFilter): Promise<number> => {
  const fields = Object.keys(filter)
  if (fields.length === 0) throw new Error('countRecords needs a filter')
  const found = drizzleTable(payload, collection, ['id', ...fields])
  if (found) {
    const { drizzle, sql, table } = found
    // SQLite keeps booleans as 0 and 1.
    const sqlValue = (value: string | boolean) => (typeof value === 'boolean' && payload.db.name === 'sqlite' ? Number(value) : value)
    const condition = fields
      .map((field) => sql`${table[field]} = ${sqlValue(filter[field]!)}`)
      .reduce((all, next) => sql`${all} AND ${next}`)
    const [row] = await drizzle.select({ total: sql`count(*)` }).from(table).where(condition)
    return Number(row?.total ?? 0)
  }
  const where: Where = { and: fields.map((field) => ({ [field]: { equals: filter[field] } })) }
  return (await payload.count({ collection, overrideAccess: true, where })).totalDocs
}
