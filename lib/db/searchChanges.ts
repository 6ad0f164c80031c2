import type { Payload } from 'payload'

import type { IndexedEntry } from '../search/memorySearchIndex'
import { postgresReaderOf } from './postgresReader'
import { type Sql, sqlOf } from './rawSql'
import { FTS_TABLE, PG_TABLE, publishedJoin, publishedJoinByRowid, rowidOf, type SearchKind, shown } from './searchTables'
import { sqliteReaderOf } from './sqliteReader'

// The search index's change log: every write of an entry (made, replaced or removed) stamps the entry's row here with
// a revision one above the last. A process keeping the index in memory reads the changes past the revision it has.
// SQLite runs one write at a time. On Postgres the revision comes from one row that the writing transaction keeps
// locked until it commits, so revisions commit in their order and a reader never sees one before an earlier one.
const SQLITE_CHANGES = 'libsql_search_changes'
const PG_CHANGES = 'blog_search.changes'
const PG_REVISION = 'blog_search.revision'

export const SEARCH_CHANGES_DDL = {
  sqlite: [
    `CREATE TABLE IF NOT EXISTS ${SQLITE_CHANGES} (entry INTEGER PRIMARY KEY, revision INTEGER NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS ${SQLITE_CHANGES}_revision ON ${SQLITE_CHANGES} (revision)`,
  ],
  postgres: [
    `CREATE TABLE IF NOT EXISTS ${PG_CHANGES} (kind text NOT NULL, record_id integer NOT NULL, revision bigint NOT NULL, PRIMARY KEY (kind, record_id))`,
    `CREATE INDEX IF NOT EXISTS changes_revision ON ${PG_CHANGES} (revision)`,
    `CREATE TABLE IF NOT EXISTS ${PG_REVISION} (single boolean PRIMARY KEY DEFAULT true CHECK (single), value bigint NOT NULL)`,
    `INSERT INTO ${PG_REVISION} (single, value) VALUES (true, 0) ON CONFLICT DO NOTHING`,
  ],
}

export const SEARCH_CHANGES_DROP = { sqlite: [`DROP TABLE IF EXISTS ${SQLITE_CHANGES}`] }

/** Stamps the entry of `key` as changed, in the same transaction as the write of the entry (`db` from `sqlOf(payload, req)`). */
export const recordSearchChange = async (db: Sql, key: { kind: SearchKind; id: number }): Promise<void> => {
  const { sql } = db
  if (db.dialect === 'sqlite') {
    await db.run(
      sql`INSERT INTO ${sql.raw(SQLITE_CHANGES)} (entry, revision)
          VALUES (${rowidOf(key.kind, key.id)}, (SELECT coalesce(max(revision), 0) + 1 FROM ${sql.raw(SQLITE_CHANGES)}))
          ON CONFLICT (entry) DO UPDATE SET revision = excluded.revision`,
    )
    return
  }
  await db.run(
    sql`WITH next AS (UPDATE ${sql.raw(PG_REVISION)} SET value = value + 1 RETURNING value)
        INSERT INTO ${sql.raw(PG_CHANGES)} (kind, record_id, revision) SELECT ${key.kind}, ${key.id}, value FROM next
        ON CONFLICT (kind, record_id) DO UPDATE SET revision = excluded.revision`,
  )
}

/** What a result shows of an entry: its record's title and slug, its excerpt, and the plain text snippets come from. */
export type ShownEntry = { title: string; slug: string | null; excerpt: string; plain: string }
export type CopiedEntry = IndexedEntry<ShownEntry>

/** A changed entry: as it is now, or null when it was removed or its record is not published. */
export type SearchChange = { rowid: number; revision: number; entry: CopiedEntry | null }
/** Where a read of entries goes on from: the last entry read (an opaque key). */
export type EntryCursor = unknown

/** The reads that fill a memory copy of the index and keep it up to date, on the search's own connection. */
export type SearchChanges = {
  /** The last revision committed. */
  latest: () => Promise<number>
  /** Up to `limit` entries after `cursor` (undefined: from the first), in the order of their key; those of published records. */
  entries: (cursor: EntryCursor, limit: number) => Promise<{ entries: CopiedEntry[]; cursor: EntryCursor }>
  /** Up to `limit` changes past `revision`, oldest first. */
  since: (revision: number, limit: number) => Promise<SearchChange[]>
}

/** The columns of an entry as the copy holds it; `title` is null where the record is not published (publishedJoin). */
const COPIED = `s.title AS tokens, s.body AS body, s.plain AS plain, s.excerpt AS excerpt, ${shown}`

const copiedOf = (row: Record<string, unknown>, rowid: number): CopiedEntry | null =>
  row.title === null || row.title === undefined || row.tokens === null || row.tokens === undefined
    ? null
    : {
        rowid,
        title: String(row.tokens),
        body: String(row.body ?? ''),
        shown: { title: String(row.title), slug: row.slug === null || row.slug === undefined ? null : String(row.slug), excerpt: String(row.excerpt ?? ''), plain: String(row.plain ?? '') },
      }

const published = (entries: (CopiedEntry | null)[]) => entries.filter((entry) => entry !== null)

const sqliteChanges = (payload: Payload): SearchChanges => {
  const read = sqliteReaderOf(payload)
  return {
    latest: async () => Number((await read(`SELECT coalesce(max(revision), 0) AS revision FROM ${SQLITE_CHANGES}`, []))[0]?.revision ?? 0),
    entries: async (cursor, limit) => {
      const rows = await read(`SELECT s.rowid AS rowid, ${COPIED} FROM ${FTS_TABLE} s ${publishedJoinByRowid('s.rowid')} WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?`, [
        typeof cursor === 'number' ? cursor : -1,
        limit,
      ])
      return { entries: published(rows.map((row) => copiedOf(row, Number(row.rowid)))), cursor: rows.length > 0 ? Number(rows.at(-1)!.rowid) : cursor }
    },
    since: async (revision, limit) =>
      (
        await read(
          `SELECT c.entry AS rowid, c.revision AS revision, ${COPIED}
           FROM ${SQLITE_CHANGES} c LEFT JOIN ${FTS_TABLE} s ON s.rowid = c.entry ${publishedJoinByRowid('c.entry')}
           WHERE c.revision > ? ORDER BY c.revision LIMIT ?`,
          [revision, limit],
        )
      ).map((row) => ({ rowid: Number(row.rowid), revision: Number(row.revision), entry: copiedOf(row, Number(row.rowid)) })),
  }
}

const postgresRowid = (row: Record<string, unknown>) => rowidOf(row.kind === 'project' ? 'project' : 'article', Number(row.record_id))

const postgresChanges = (payload: Payload): SearchChanges => {
  const read = postgresReaderOf(payload)
  return {
    latest: async () => Number((await read(`SELECT value AS revision FROM ${PG_REVISION}`, [], { prepared: true }))[0]?.revision ?? 0),
    entries: async (cursor, limit) => {
      const [kind, id] = Array.isArray(cursor) ? cursor : ['', -1]
      const rows = await read(
        `SELECT s.kind AS kind, s.record_id AS record_id, ${COPIED} FROM ${PG_TABLE} s ${publishedJoin('s.kind', 's.record_id')}
         WHERE (s.kind, s.record_id) > ($1, $2) ORDER BY s.kind, s.record_id LIMIT $3`,
        [kind, id, limit],
        { prepared: true },
      )
      const last = rows.at(-1)
      return { entries: published(rows.map((row) => copiedOf(row, postgresRowid(row)))), cursor: last ? [last.kind, last.record_id] : cursor }
    },
    since: async (revision, limit) =>
      (
        await read(
          `SELECT c.kind AS kind, c.record_id AS record_id, c.revision AS revision, ${COPIED}
           FROM ${PG_CHANGES} c LEFT JOIN ${PG_TABLE} s ON s.kind = c.kind AND s.record_id = c.record_id ${publishedJoin('c.kind', 'c.record_id')}
           WHERE c.revision > $1 ORDER BY c.revision LIMIT $2`,
          [revision, limit],
          { prepared: true },
        )
      ).map((row) => ({ rowid: postgresRowid(row), revision: Number(row.revision), entry: copiedOf(row, postgresRowid(row)) })),
  }
}

/** The change log's reads for this database; undefined where it has none (MongoDB searches its own index). */
export const searchChangesOf = async (payload: Payload): Promise<SearchChanges | undefined> => {
  const db = await sqlOf(payload)
  if (!db) return undefined
  return db.dialect === 'sqlite' ? sqliteChanges(payload) : postgresChanges(payload)
}
