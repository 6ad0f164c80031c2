import type { CollectionSlug, Payload } from 'payload'

import { type DrizzleTable, drizzleTable } from './drizzleTable'

type Values = Record<string, number>
type Waiting = { id: number; resolve: (values: Values | undefined) => void; reject: (error: unknown) => void }
type Batch = { table: DrizzleTable; field: string; read: string[]; waiting: Waiting[] }

/** Increments still to be written, by collection, counter and the counters read back. */
const gathering = new Map<string, Batch>()
let flushScheduled = false
let writing: Promise<void> | undefined

/**
 * Group commit of +1 increments (views, downloads): every increment that arrives while the previous batch is being
 * written (or within the same turn of the event loop) is written with its batch in ONE statement per counter:
 * `UPDATE … SET view_count = view_count + CASE id WHEN 7 THEN 3 … END WHERE id IN (…) RETURNING …`. A request is
 * answered only after the statement holding its increment has committed, so nothing answered is lost by a crash,
 * and it is told the count including its own increment: requests on one record in one batch get consecutive values,
 * in the order they arrived. A failed statement fails every request of its batch. Under load a batch holds as many
 * increments as arrived during the last write, so the database does one write per batch instead of one per request.
 */
export const incrementInBatch = (
  payload: Payload,
  collection: CollectionSlug,
  id: number,
  field: string,
  read: string[],
): Promise<Values | undefined> | undefined => {
  const table = drizzleTable(payload, collection, [field, 'id', ...read])
  if (!table || !Number.isSafeInteger(id)) return undefined
  const key = `${collection}\0${field}\0${read.join(',')}`
  const batch = gathering.get(key) ?? { table, field, read, waiting: [] }
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

const writeBatch = async ({ table: { drizzle, sql, table }, field, read, waiting }: Batch): Promise<void> => {
  const increments = new Map<number, number>()
  for (const { id } of waiting) increments.set(id, (increments.get(id) ?? 0) + 1)
  // The ids and increments are integers checked on the way in: written into the statement as they are.
  const cases = [...increments].map(([id, count]) => `WHEN ${id} THEN ${count}`).join(' ')
  const ids = [...increments.keys()].join(', ')
  const column = table[field]
  let rows: Record<string, unknown>[]
  try {
    rows = await drizzle
      .update(table)
      .set({ [field]: sql`${column} + (CASE ${table.id} ${sql.raw(cases)} END)` })
      .where(sql`${table.id} IN (${sql.raw(ids)})`)
      .returning(Object.fromEntries(['id', ...read].map((name) => [name, table[name]])))
  } catch (error) {
    for (const { reject } of waiting) reject(error)
    return
  }
  const after = new Map(rows.map((row) => [Number(row.id), row]))
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
    values[field] = Number(row[field] ?? 0) - increments.get(id)! + earlier + 1
    resolve(values)
  }
}
