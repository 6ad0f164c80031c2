import type { CollectionSlug, Payload } from 'payload'

import { COUNTER_COLUMNS, type CounterColumn, COUNTERS_SLUG } from '../../collections/Counters'
import { COUNTERS_FIELD } from '../../fields/counterFields'
import { drizzleTable } from './drizzleTable'

/** The column of the counters row that holds a record's counter field (`viewCount` → `views`), read from its config. */
export const counterColumn = (payload: Payload, collection: CollectionSlug, field: string): CounterColumn => {
  const config = payload.collections[collection]?.config.flattenedFields.find((each) => each.name === field)
  const path = config && 'virtual' in config && typeof config.virtual === 'string' ? config.virtual.split('.') : []
  const column = COUNTER_COLUMNS.find((each) => path.length === 2 && path[0] === COUNTERS_FIELD && path[1] === each)
  if (!column) throw new Error(`${collection}.${field} is not a counter field`)
  return column
}

const asId = (value: unknown): number | undefined => {
  const id = typeof value === 'object' && value !== null ? Reflect.get(value, 'id') : value
  return typeof id === 'number' ? id : typeof id === 'string' && id !== '' ? Number(id) : undefined
}

/** The record's link to its row: `undefined` when the record does not exist, `null` when it has no row. */
export const readLink = async (payload: Payload, collection: CollectionSlug, id: number): Promise<number | null | undefined> => {
  const sqlTable = drizzleTable(payload, collection, [COUNTERS_FIELD, 'id'])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    const [found] = await drizzle.select({ row: table[COUNTERS_FIELD] }).from(table).where(sql`${table.id} = ${id}`)
    return found ? (asId(found.row) ?? null) : undefined
  }
  const found = await payload.db.findOne({ collection, where: { id: { equals: id } }, select: { [COUNTERS_FIELD]: true } })
  return found ? (asId(Reflect.get(found, COUNTERS_FIELD)) ?? null) : undefined
}

/**
 * Gives a record that has no counters row (one written to the database by other means than Payload) a new row at 0.
 * Two processes doing it at once both create one; the link is set only where none is, and the loser's row goes.
 */
export const linkNewRow = async (payload: Payload, collection: CollectionSlug, id: number): Promise<number | undefined> => {
  const created = await payload.db.create({ collection: COUNTERS_SLUG, data: {} })
  const row = asId(created.id)!
  await payload.db.updateOne({ collection, where: { and: [{ id: { equals: id } }, { [COUNTERS_FIELD]: { equals: null } }] }, data: { [COUNTERS_FIELD]: row } })
  const linked = await readLink(payload, collection, id)
  if (linked !== row) await payload.db.deleteOne({ collection: COUNTERS_SLUG, where: { id: { equals: row } } })
  return linked ?? undefined
}

/**
 * The id of the record's counters row, read now (`undefined`: no such record); a record without one gets one. Not
 * kept anywhere: another process may delete the record, and its row, at any time.
 */
export const counterRowId = async (payload: Payload, collection: CollectionSlug, id: number): Promise<number | undefined> => {
  const linked = await readLink(payload, collection, id)
  return linked === null ? linkNewRow(payload, collection, id) : linked
}
