import type { CollectionSlug, Payload } from 'payload'

import { type CounterColumn, COUNTERS_SLUG } from '../../collections/Counters'
import { COUNTERS_FIELD } from '../../fields/counterFields'
import { incrementInBatch } from './counterBatch'
import { counterColumn, linkNewRow, readLink } from './counterRows'
import { drizzleTable } from './drizzleTable'

type Counts = Record<string, number>
type Change = (columns: CounterColumn[]) => Promise<Counts | undefined>

const numbers = (row: object, columns: string[]): Counts => Object.fromEntries(columns.map((name) => [name, Number(Reflect.get(row, name) ?? 0)]))

/**
 * SQL: the record's table and its counters table, and the condition that picks the row the record links to, in the
 * statement itself (so no row id is ever carried from one statement to another).
 */
const recordRow = (payload: Payload, collection: CollectionSlug, id: number, columns: string[]) => {
  const records = drizzleTable(payload, collection, [COUNTERS_FIELD, 'id'])
  const counters = drizzleTable(payload, COUNTERS_SLUG, ['id', ...columns])
  if (!records || !counters) return undefined
  const { sql, table } = counters
  return { ...counters, linked: sql`${table.id} = (SELECT ${records.table[COUNTERS_FIELD]} FROM ${records.table} WHERE ${records.table.id} = ${id})` }
}

/**
 * MongoDB: one atomic `$inc` on the row the record links to, read just before (counters rows take ids that are never
 * given out again, so a row deleted meanwhile matches nothing). A decrement only matches a row whose counter is
 * above 0; one at 0 is read as it is.
 */
const changeMongoRow = async (payload: Payload, collection: CollectionSlug, id: number, column: CounterColumn, delta: 1 | -1, read: CounterColumn[]): Promise<Counts | undefined> => {
  const row = await readLink(payload, collection, id)
  if (row == null) return undefined
  const byId = { id: { equals: row } }
  const select = Object.fromEntries(read.map((name) => [name, true as const]))
  const updated =
    (await payload.db.updateOne({
      collection: COUNTERS_SLUG,
      where: delta === 1 ? byId : { and: [byId, { [column]: { greater_than: 0 } }] },
      data: { [column]: { $inc: delta } },
      returning: true,
      select,
    })) ?? (delta === 1 ? null : await payload.db.findOne({ collection: COUNTERS_SLUG, where: byId, select }))
  return updated ? numbers(updated, read) : undefined
}

/**
 * Runs `change` on the record's counters and gives back the values under the record's field names (`undefined`:
 * no such record). A record that has no row (written by other means than Payload) gets one, and `change` runs again.
 */
const onRecord = async (payload: Payload, collection: CollectionSlug, id: number, fields: string[], change: Change): Promise<Counts | undefined> => {
  const columns = fields.map((field) => counterColumn(payload, collection, field))
  let values = await change(columns)
  if (!values && (await readLink(payload, collection, id)) === null && (await linkNewRow(payload, collection, id)) !== undefined) values = await change(columns)
  return values ? Object.fromEntries(fields.map((field, index) => [field, values[columns[index]!]!])) : undefined
}

const increment = (payload: Payload, collection: CollectionSlug, id: number, field: string, others: string[]) =>
  onRecord(payload, collection, id, [field, ...others], ([column, ...rest]) => {
    const read = [column!, ...rest]
    return incrementInBatch(payload, collection, id, column!, read) ?? changeMongoRow(payload, collection, id, column!, 1, read)
  })

/**
 * Adds one to a record's counter atomically (one `UPDATE … RETURNING` on SQL adapters, batched with concurrent ones:
 * lib/db/counterBatch.ts; `$inc` on MongoDB) and returns the new value (`undefined`: no such record). No hooks run
 * and nothing else is touched: a view is not an edit.
 */
export const incrementCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (await increment(payload, collection, id, field, []))?.[field]

/** Takes one from a record's counter atomically, never below 0, and returns the new value (`undefined`: no such record). */
export const decrementCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (
    await onRecord(payload, collection, id, [field], async ([column]) => {
      const target = recordRow(payload, collection, id, [column!])
      if (!target) return changeMongoRow(payload, collection, id, column!, -1, [column!])
      const { drizzle, sql, table, linked } = target
      const value = table[column!]
      const [changed] = await drizzle
        .update(table)
        .set({ [column!]: sql`case when ${value} > 0 then ${value} - 1 else 0 end` })
        .where(linked)
        .returning({ [column!]: value })
      return changed ? numbers(changed, [column!]) : undefined
    })
  )?.[field]

/**
 * Adds one to a record's counter atomically and returns it with the current values of its other counters, read by
 * the same statement (a cached record's view and like counts, fresh in one round trip).
 */
export const incrementCounterReading = async <Other extends string>(
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  field: string,
  others: Other[],
): Promise<(Record<Other, number> & Record<string, number>) | undefined> =>
  (await increment(payload, collection, id, field, others)) as (Record<Other, number> & Record<string, number>) | undefined

/** The current value of a record's counter (`undefined`: no such record); reads that one column of its row. */
export const readCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (
    await onRecord(payload, collection, id, [field], async ([column]) => {
      const target = recordRow(payload, collection, id, [column!])
      if (!target) {
        const row = await readLink(payload, collection, id)
        const found = row == null ? null : await payload.db.findOne({ collection: COUNTERS_SLUG, where: { id: { equals: row } }, select: { [column!]: true } })
        return found ? numbers(found, [column!]) : undefined
      }
      const { drizzle, table, linked } = target
      const [found] = await drizzle.select({ [column!]: table[column!] }).from(table).where(linked)
      return found ? numbers(found, [column!]) : undefined
    })
  )?.[field]
