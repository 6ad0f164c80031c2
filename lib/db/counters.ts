import type { CollectionSlug, Payload } from 'payload'

import { type CounterColumn, COUNTERS_SLUG } from '../../collections/Counters'
import { incrementInBatch } from './counterBatch'
import { counterColumn, linkNewRow, readLink } from './counterRows'

type Counts = Record<string, number>
type Change = (columns: CounterColumn[]) => Promise<Counts | undefined>

const numbers = (row: object, columns: string[]): Counts => Object.fromEntries(columns.map((name) => [name, Number(Reflect.get(row, name) ?? 0)]))

/**
 * One atomic `$inc` on the row the record links to, read just before (counters rows take ids that are never given
 * out again, so a row deleted meanwhile matches nothing): `UPDATE … WHERE … RETURNING` on SQL (Payload's `atomic`
 * option), `findOneAndUpdate` on MongoDB. A decrement only matches a row whose counter is above 0; one at 0 is read
 * as it is.
 */
const changeRow = async (payload: Payload, collection: CollectionSlug, id: number, column: CounterColumn, delta: 1 | -1, read: CounterColumn[]): Promise<Counts | undefined> => {
  const row = await readLink(payload, collection, id)
  if (row == null) return undefined
  const byId = { id: { equals: row } }
  const updated =
    (await payload.db.updateOne({
      collection: COUNTERS_SLUG,
      where: delta === 1 ? byId : { and: [byId, { [column]: { greater_than: 0 } }] },
      data: { [column]: { $inc: delta } },
      options: { atomic: true },
      returning: true,
      select: selectOf(read),
    })) ?? (delta === 1 ? null : await readRow(payload, row, read))
  return updated ? numbers(updated, read) : undefined
}

const selectOf = (read: CounterColumn[]) => Object.fromEntries(read.map((name) => [name, true as const]))

const readRow = (payload: Payload, row: number, read: CounterColumn[]) =>
  payload.db.findOne({ collection: COUNTERS_SLUG, where: { id: { equals: row } }, select: selectOf(read) })

/**
 * Runs `change` on the record's counters and gives back the values under the record's field names (`undefined`:
 * no such record). When it finds nothing and the record exists, `change` runs once more: after the record without a
 * row (written by other means than Payload) got one, or after a batch forgot a link that had changed.
 */
const onRecord = async (payload: Payload, collection: CollectionSlug, id: number, fields: string[], change: Change): Promise<Counts | undefined> => {
  const columns = fields.map((field) => counterColumn(payload, collection, field))
  let values = await change(columns)
  if (!values) {
    const link = await readLink(payload, collection, id)
    const linked = link === null ? await linkNewRow(payload, collection, id) : link
    if (linked !== undefined) values = await change(columns)
  }
  return values ? Object.fromEntries(fields.map((field, index) => [field, values[columns[index]!]!])) : undefined
}

const increment = (payload: Payload, collection: CollectionSlug, id: number, field: string, others: string[]) =>
  onRecord(payload, collection, id, [field, ...others], ([column, ...rest]) => {
    const read = [column!, ...rest]
    return incrementInBatch(payload, collection, id, column!, read) ?? changeRow(payload, collection, id, column!, 1, read)
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
  (await onRecord(payload, collection, id, [field], ([column]) => changeRow(payload, collection, id, column!, -1, [column!])))?.[field]

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

/** The current value of a record's counter (`undefined`: no such record). */
export const readCounter = async (payload: Payload, collection: CollectionSlug, id: number, field: string): Promise<number | undefined> =>
  (
    await onRecord(payload, collection, id, [field], async ([column]) => {
      const row = await readLink(payload, collection, id)
      const found = row == null ? null : await readRow(payload, row, [column!])
      return found ? numbers(found, [column!]) : undefined
    })
  )?.[field]
