import { type CollectionSlug, type Payload, ValidationError } from 'payload'

import { type DrizzleTable, drizzleTable } from './drizzleTable'

export type RowValues = Record<string, string | number>

const conditionOf = (sqlTable: DrizzleTable, values: RowValues) => {
  const { sql: tag, table } = sqlTable
  const parts = Object.entries(values).map(([name, value]) => tag`${table[name]} = ${value}`)
  return parts.reduce((all, part) => tag`${all} and ${part}`)
}

/**
 * Inserts a record unless a unique index already holds one with the same key; returns the new id, or `undefined`
 * when one was there. The database decides, so of two racing inserts exactly one gets an id. SQL adapters: one
 * `INSERT … ON CONFLICT DO NOTHING RETURNING id` through the adapter's drizzle (no hooks; the timestamps are set
 * here; `values` are field names, which are the drizzle table's keys). Other adapters: Payload's create, whose
 * unique-index refusal (a ValidationError) means "already there".
 */
export const insertUnlessPresent = async (payload: Payload, collection: CollectionSlug, values: RowValues): Promise<number | undefined> => {
  const sqlTable = drizzleTable(payload, collection, ['id', 'createdAt', 'updatedAt', ...Object.keys(values)])
  if (sqlTable) {
    const { drizzle, table } = sqlTable
    const now = new Date().toISOString()
    const [row] = await drizzle
      .insert(table)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: table.id })
    return row ? Number(row.id) : undefined
  }
  try {
    const created = await payload.create({ collection, data: values, depth: 0, overrideAccess: true })
    return Number(created.id)
  } catch (error) {
    if (error instanceof ValidationError) return undefined
    throw error
  }
}

/**
 * Deletes the records whose fields equal `values`; returns how many this call deleted. SQL adapters: one
 * `DELETE … RETURNING id`, so of two racing deletes of one row only one counts it. Other adapters: the adapter's
 * `deleteOne` (MongoDB's findOneAndDelete), which returns the record only to the call that deleted it.
 */
export const deleteWhereEquals = async (payload: Payload, collection: CollectionSlug, values: RowValues): Promise<number> => {
  const sqlTable = drizzleTable(payload, collection, ['id', ...Object.keys(values)])
  if (sqlTable) {
    const { drizzle, table } = sqlTable
    return (await drizzle.delete(table).where(conditionOf(sqlTable, values)).returning({ id: table.id })).length
  }
  const where = { and: Object.entries(values).map(([name, value]) => ({ [name]: { equals: value } })) }
  return (await payload.db.deleteOne({ collection, where })) ? 1 : 0
}
