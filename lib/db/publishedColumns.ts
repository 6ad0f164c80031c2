import type { CollectionSlug, Payload } from 'payload'

import { drizzleTable } from './drizzleTable'

/**
 * Some columns of every published record of a collection, read by the database alone (`SELECT … WHERE status =
 * 'published'`, in no particular order): Payload's `find` spent about 1 s of the event loop on its per-document work to
 * list the slugs and last changes of 10,000 articles. Values come as the adapter's driver gives them (a date as text).
 * `undefined` on adapters without SQL (MongoDB), which read through Payload.
 */
export const publishedColumns = async <Field extends string>(
  payload: Payload,
  collection: CollectionSlug,
  fields: Field[],
): Promise<Record<Field, unknown>[] | undefined> => {
  const found = drizzleTable(payload, collection, ['status', ...fields])
  if (!found) return undefined
  const { drizzle, sql, table } = found
  const columns = Object.fromEntries(fields.map((field) => [field, table[field]]))
  return (await drizzle.select(columns).from(table).where(sql`${table.status} = ${'published'}`)) as Record<Field, unknown>[]
}
