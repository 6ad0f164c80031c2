import type { CollectionSlug, Payload } from 'payload'

import { COUNTERS_SLUG } from '../../collections/Counters'
import { COUNTERS_FIELD } from '../../fields/counterFields'
import { type DrizzleTable, drizzleTable } from './drizzleTable'

type Values = Record<string, number>
type Waiting = { id: number; resolve: (values: Values | undefined) => void; reject: (error: unknown) => void }
type Tables = DrizzleTable & { records: DrizzleTable['table'] }
type Batch = { tables: Tables; column: string; read: string[]; waiting: Waiting[] }

/** Increments still to be written, by collection, counter and the counters read back. */
const gathering = new Map<string, Batch>()
let flushScheduled = false
let writing: Promise<void> | undefined

/** The record's table and its counters table, from the same SQL adapter (`undefined` on MongoDB). */
const tablesOf = (payload: Payload, collection: CollectionSlug, columns: string[]): Tables | undefined => {
  const records = drizzleTable(payload, collection, [COUNTERS_FIELD, 'id'])
  const counters = drizzleTable(payload, COUNTERS_SLUG, ['id', ...columns])
  return records && counters ? { ...counters, records: records.table } : undefined
}

/**
 * Group commit of +1 increments (views, downloads) of records' counters: every increment that arrives while the
 * previous batch is being written (or within the same turn of the event loop) is written with its batch in ONE
 * statement per counter. The statement finds each counters row through its record, by record id, so a count can
 * only land on the row the record links to at that moment, whatever was deleted or created before, in this process
 * or another (nothing about rows is remembered between statements):
 *
 *   UPDATE counters SET views = views + (SELECT CASE projects.id WHEN 7 THEN 3 … END FROM projects
 *                                        WHERE projects.counters_id = counters.id AND projects.id IN (7, …))
 *   WHERE counters.id IN (SELECT counters_id FROM projects WHERE id IN (7, …))
 *   RETURNING (SELECT projects.id FROM projects WHERE …) AS record, views, …
 *
 * (SQLite's RETURNING may not name another table, but may hold a subquery; Postgres takes the same statement.)
 * A request is answered only after the statement holding its increment has committed, so nothing answered is lost
 * by a crash, and it is told the count including its own increment: requests on one record in one batch get
 * consecutive values, in the order they arrived. A failed statement fails every request of its batch; a record
 * not found (deleted, or without a row) is answered `undefined`. Under load a batch holds as many increments as
 * arrived during the last write, so the database does one write per batch instead of one per request.
 */
export const incrementInBatch = (
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  column: string,
  read: string[],
): Promise<Values | undefined> | undefined => {
  const tables = tablesOf(payload, collection, [column, ...read])
  if (!tables || !Number.isSafeInteger(id)) return undefined
  const key = `${collection}\0${column}\0${read.join(',')}`
  const batch = gathering.get(key) ?? { tables, column, read, waiting: [] }
  gathering.set(key, batch)
  const answer = new Promise<Values | undefined>((resolve, reject) => batch.waiting.push({ id, resolve, reject }))
  scheduleFlush()
  return answer
}

const scheduleFlush = () => {
  if (flushScheduled) return
  flushScheduled = true
  // Not before the write in progress has finished: what arrives meanwhile forms the next batch.
  const start = () => setImmediate(flush)
  if (writing) void writing.finally(start)
  else start()
}

const flush = () => {
  flushScheduled = false
  const batches = [...gathering.values()]
  gathering.clear()
  writing = Promise.all(batches.map(writeBatch)).then(() => {
    writing = undefined
  })
}

const writeBatch = async ({ tables: { drizzle, sql, table: counters, records }, column, read, waiting }: Batch): Promise<void> => {
  const increments = new Map<number, number>()
  for (const { id } of waiting) increments.set(id, (increments.get(id) ?? 0) + 1)
  // The ids and increments are integers checked on the way in: written into the statement as they are.
  const ids = sql.raw([...increments.keys()].join(', '))
  const readBack = Object.fromEntries(read.map((name) => [name, counters[name]]))
  let rows: Record<string, unknown>[]
  try {
    if (increments.size === 1) {
      // One record (every batch at low load): its row is the only one the statement can touch, so no CASE and no
      // subquery per row, half the work of the general statement.
      const [[id, count]] = [...increments]
      rows = (
        await drizzle
          .update(counters)
          .set({ [column]: sql`${counters[column]} + ${sql.raw(String(count))}` })
          .where(sql`${counters.id} = (SELECT ${records[COUNTERS_FIELD]} FROM ${records} WHERE ${records.id} = ${sql.raw(String(id))})`)
          .returning(readBack)
      ).map((row) => ({ ...row, record: id }))
    } else {
      const cases = sql.raw([...increments].map(([id, count]) => `WHEN ${id} THEN ${count}`).join(' '))
      const linkedHere = sql`${records[COUNTERS_FIELD]} = ${counters.id} AND ${records.id} IN (${ids})`
      rows = await drizzle
        .update(counters)
        .set({ [column]: sql`${counters[column]} + (SELECT CASE ${records.id} ${cases} END FROM ${records} WHERE ${linkedHere})` })
        .where(sql`${counters.id} IN (SELECT ${records[COUNTERS_FIELD]} FROM ${records} WHERE ${records.id} IN (${ids}))`)
        .returning({ record: sql`(SELECT ${records.id} FROM ${records} WHERE ${linkedHere})`, ...readBack })
    }
  } catch (error) {
    for (const { reject } of waiting) reject(error)
    return
  }
  const after = new Map(rows.map((row) => [Number(row.record), row]))
  const handedOut = new Map<number, number>()
  for (const { id, resolve } of waiting) {
    const row = after.get(id)
    if (!row) {
      resolve(undefined)
      continue
    }
    const earlier = handedOut.get(id) ?? 0
    handedOut.set(id, earlier + 1)
    const values = Object.fromEntries(read.map((name) => [name, Number(row[name] ?? 0)]))
    // The statement returns the count after the whole batch; each request gets its own place in it.
    values[column] = Number(row[column] ?? 0) - increments.get(id)! + earlier + 1
    resolve(values)
  }
}
