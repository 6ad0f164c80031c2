/**
 * What a restore target holds. A database counts as empty when it has no tables at all, or when it is this service's
 * (it has Payload's `payload_migrations` table) and every table outside the bookkeeping below is empty: no user, no
 * record of any collection, no global saved. A first start of the service leaves it empty in this sense.
 */
export type TargetContents = {
  tables: number
  hasMigrationsTable: boolean
  /** Tables outside the bookkeeping that hold rows. */
  filledTables: { table: string; rows: number }[]
}

// Filled by a first start with no content: Payload's own tables (migrations, jobs, preferences, locks), the jobs
// runner's lease and the search index (its SQLite FTS tables; on Postgres it lives in the `blog_search` schema).
const BOOKKEEPING_TABLES = [/^payload_/, /^job_leases$/, /^libsql_/]

export const MIGRATIONS_TABLE = 'payload_migrations'

export const isBookkeepingTable = (table: string) => BOOKKEEPING_TABLES.some((pattern) => pattern.test(table))

/** Why the target is not empty, or undefined when it is. */
export const whyNotEmpty = (contents: TargetContents): string | undefined => {
  if (contents.tables === 0) return undefined
  if (!contents.hasMigrationsTable) {
    return `it holds ${contents.tables} tables but no ${MIGRATIONS_TABLE} table, so it is not a database of this service`
  }
  if (contents.filledTables.length === 0) return undefined
  // Users and collections first, version tables (`_articles_v`) and join tables after.
  const rank = ({ table }: { table: string }) => (table === 'users' ? 0 : table.startsWith('_') ? 2 : 1)
  const ordered = [...contents.filledTables].sort((a, b) => rank(a) - rank(b) || a.table.localeCompare(b.table))
  const shown = ordered.slice(0, 6).map(({ table, rows }) => `${table} (${rows})`)
  const more = contents.filledTables.length > shown.length ? ` and ${contents.filledTables.length - shown.length} more tables` : ''
  return `it holds content: rows in ${shown.join(', ')}${more}`
}
