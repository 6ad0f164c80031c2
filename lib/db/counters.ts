import type { CollectionSlug, Payload } from 'payload'

import { type CounterColumn, COUNTERS_SLUG } from '../../collections/Counters'
import { incrementInBatch } from './counterBatch'
import { counterColumn, counterRowId, forgetCounterRow } from './counterRows'
import { drizzleTable } from './drizzleTable'

type Counts = Record<string, number>

/**
 * Adds `delta` (+1 or -1) to one column of a counters row with a single atomic update (`column = column + 1` in SQL,
 * `$inc` in MongoDB): concurrent requests never lose a count. A decrement never takes it below 0. No hooks run and
 * nothing else is touched (a view is not an edit). Returns the row's `read` columns after the update, or `undefined`
 * when the row does not exist. SQL adapters get one `UPDATE … RETURNING` through the adapter's own drizzle.
 */
const changeRow = async (payload: Payload, row: number, column: CounterColumn, delta: 1 | -1, read: CounterColumn[]): Promise<Counts | undefined> => {
  const sqlTable = drizzleTable(payload, COUNTERS_SLUG, [column, 'id', ...read])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    const value = table[column]
    const [changed] = await drizzle
      .update(table)
      .set({ [column]: delta === 1 ? sql`${value} + 1` : sql`case when ${value} > 0 then ${value} - 1 else 0 end` })
      .where(sql`${table.id} = ${row}`)
      .returning(Object.fromEntries(read.map((name) => [name, table[name]])))
    return changed ? Object.fromEntries(read.map((name) => [name, Number(changed[name] ?? 0)])) : undefined
  }
  // MongoDB: a decrement only matches a row whose counter is above 0; one at 0 is read as it is.
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
  return updated ? Object.fromEntries(read.map((name) => [name, Number(Reflect.get(updated, name) ?? 0)])) : undefined
}

/**
 * Runs `change` on the record's counters row and gives back the values under the record's field names. A row that
 * has gone (its record was deleted, and a new record took the id) is looked up once more before the record is
 * reported missing.
 */
const onRecordRow = async (
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  fields: string[],
  change: (row: number, columns: CounterColumn[]) => Promise<Counts | undefined>,
): Promise<Counts | undefined> => {
  const columns = fields.map((field) => counterColumn(payload, collection, field))
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await counterRowId(payload, collection, id)
    if (row === undefined) return undefined
    const values = await change(row, columns)
    if (values) return Object.fromEntries(fields.map((field, index) => [field, values[columns[index]!]!]))
    forgetCounterRow(collection, id)
  }
  return undefined
}

const increment = (payload: Payload, collection: CollectionSlug, id: number, field: string, others: string[]) =>
  onRecordRow(payload, collection, id, [field, ...others], (row, [column, ...rest]) => {
    const read = [column!, ...rest]
    return incrementInBatch(payload, COUNTERS_SLUG, row, column!, read) ?? changeRow(payload, row, column!, 1, read)
  })

/** Adds one to a record's counter atomically and returns the new value (`undefined`: no such record). */
export const incrementCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (await increment(payload, collection, id, field, []))?.[field]

/** Takes one from a record's counter atomically, never below 0, and returns the new value (`undefined`: no such record). */
export const decrementCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (await onRecordRow(payload, collection, id, [field], (row, [column]) => changeRow(payload, row, column!, -1, [column!])))?.[field]

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
    await onRecordRow(payload, collection, id, [field], async (row, [column]) => {
      const sqlTable = drizzleTable(payload, COUNTERS_SLUG, [column!, 'id'])
      if (sqlTable) {
        const { drizzle, sql, table } = sqlTable
        const [found] = await drizzle.select({ value: table[column!] }).from(table).where(sql`${table.id} = ${row}`)
        return found ? { [column!]: Number(found.value ?? 0) } : undefined
      }
      const found = await payload.db.findOne({ collection: COUNTERS_SLUG, where: { id: { equals: row } }, select: { [column!]: true } })
      return found ? { [column!]: Number(Reflect.get(found, column!) ?? 0) } : undefined
    })
  )?.[field]
