import { sql as postgresSql } from '@payloadcms/db-postgres'
import { sql as sqliteSql } from '@payloadcms/db-sqlite'
import type { CollectionSlug, Payload } from 'payload'

type SqlTag = typeof sqliteSql
type Column = unknown
type DrizzleAdapter = {
  name: string
  tableNameMap: Map<string, string>
  tables: Record<string, Record<string, Column>>
  drizzle: { select: (fields: object) => { from: (table: object) => { where: (condition: unknown) => Promise<{ total: unknown }[]> } } }
}

/** Each SQL adapter brings its own drizzle-orm: a query must be built with the `sql` of the adapter that runs it. */
const SQL_TAGS: Partial<Record<string, SqlTag>> = { postgres: postgresSql as unknown as SqlTag, sqlite: sqliteSql }

export type SumFilter = { field: string; equals: string }

/**
 * The sum of a number field over the records where `filter.field` equals `filter.equals`. SQL adapters add it up in
 * the database; a record's other columns (a large rich text) are never read or parsed. Other adapters read that one
 * field of each matching record through Payload. No access rule applies: `filter` says exactly what is summed.
 */
export const sumField = async (payload: Payload, collection: CollectionSlug, field: string, filter: SumFilter): Promise<number> => {
  const db = payload.db as unknown as DrizzleAdapter
  const sql = SQL_TAGS[db.name]
  const table = sql ? db.tables?.[db.tableNameMap?.get(collection.replace(/-/g, '_')) ?? collection] : undefined
  if (sql && table?.[field] && table[filter.field]) {
    const [row] = await db.drizzle
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
  return docs.reduce((sum, doc) => sum + (Number((doc as Record<string, unknown>)[field]) || 0), 0)
}
