import type { Payload, PayloadRequest } from 'payload'

import { sqlOf } from './rawSql'
import { runSchemaStatements } from './schemaStatements'
import { countMongoSearchEntries, ensureMongoSearchIndex, writeMongoSearchEntry } from './searchMongo'

export type SearchKind = 'article' | 'project'
export const SEARCH_COLLECTIONS = { article: 'articles', project: 'projects' } as const

/**
 * What the index holds of one published record: its title and body as tokens, the body's plain text for snippets,
 * and the excerpt a result shows (so a search page is answered from the index and one primary-key join).
 */
export type SearchEntry = { kind: SearchKind; id: number; title: string; body: string; plain: string; excerpt: string }

// SQLite: an FTS5 table. Payload's development schema push (drizzle-kit) drops every table it does not know, except
// names starting with `libsql_` (and a few other prefixes it leaves to their tools): the name keeps a restart from
// dropping the index. Its rowid is the record's key (`id * 2`, `+ 1` for projects), so a record's entry, its kind and
// its id are known without reading a column: reading an UNINDEXED column costs a lookup per match.
// Postgres: its own schema, which the push (limited to `public`) leaves alone.
// The names carry the shape's version: a start with a new shape drops the old table and fills the new one.
export const FTS_TABLE = 'libsql_search_v2'
export const PG_TABLE = 'blog_search.entries_v2'
const FORMER_TABLES = { sqlite: ['libsql_search'], postgres: ['blog_search.entries'] }

export const rowidOf = (kind: SearchKind, id: number) => id * 2 + (kind === 'project' ? 1 : 0)

/** The statements that create the index (idempotent), run by the migrations and at every start. */
export const SEARCH_INDEX_DDL = {
  sqlite: [
    ...FORMER_TABLES.sqlite.map((table) => `DROP TABLE IF EXISTS ${table}`),
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${FTS_TABLE} USING fts5(title, body, plain UNINDEXED, excerpt UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')`,
  ],
  postgres: [
    'CREATE SCHEMA IF NOT EXISTS blog_search',
    ...FORMER_TABLES.postgres.map((table) => `DROP TABLE IF EXISTS ${table}`),
    `CREATE TABLE IF NOT EXISTS ${PG_TABLE} (
      kind text NOT NULL, record_id integer NOT NULL, title text NOT NULL, body text NOT NULL, plain text NOT NULL, excerpt text NOT NULL,
      document tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'D')) STORED,
      title_document tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED,
      words tsvector GENERATED ALWAYS AS (strip(to_tsvector('simple', title || ' ' || body))) STORED,
      PRIMARY KEY (kind, record_id))`,
    `CREATE INDEX IF NOT EXISTS entries_v2_document ON ${PG_TABLE} USING gin (document)`,
    `CREATE INDEX IF NOT EXISTS entries_v2_title_document ON ${PG_TABLE} USING gin (title_document)`,
    `CREATE INDEX IF NOT EXISTS entries_v2_words ON ${PG_TABLE} USING gin (words)`,
    // A group too large to rank is listed newest first: walking this index stops after a page of matches.
    `CREATE INDEX IF NOT EXISTS entries_v2_newest ON ${PG_TABLE} (record_id DESC)`,
  ],
}

export const SEARCH_INDEX_DROP = {
  sqlite: [FTS_TABLE, ...FORMER_TABLES.sqlite].map((table) => `DROP TABLE IF EXISTS ${table}`),
  postgres: ['DROP SCHEMA IF EXISTS blog_search CASCADE'],
}

export const ensureSearchIndex = async (payload: Payload): Promise<boolean> => {
  const db = await sqlOf(payload)
  if (!db) return ensureMongoSearchIndex(payload)
  await runSchemaStatements(db, SEARCH_INDEX_DDL[db.dialect])
  return true
}

/** How many entries the index holds (0 where the database has no index). */
export const countSearchEntries = async (payload: Payload): Promise<number> => {
  const db = await sqlOf(payload)
  if (!db) return (await countMongoSearchEntries(payload)) ?? 0
  const { rows } = await db.run(db.sql.raw(`SELECT count(*) AS total FROM ${db.dialect === 'sqlite' ? FTS_TABLE : PG_TABLE}`))
  return Number(rows[0]?.total ?? 0)
}

/** Writes a record's entry, or removes it (`entry` null: unpublished or deleted), in `req`'s transaction. */
export const writeSearchEntry = async (
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  key: { kind: SearchKind; id: number },
  entry: SearchEntry | null,
): Promise<void> => {
  const db = await sqlOf(payload, req)
  if (!db) {
    await writeMongoSearchEntry(payload, req, key, entry)
    return
  }
  const { sql } = db
  if (db.dialect === 'sqlite') {
    await db.run(sql`DELETE FROM ${sql.raw(FTS_TABLE)} WHERE rowid = ${rowidOf(key.kind, key.id)}`)
    if (entry) {
      await db.run(
        sql`INSERT INTO ${sql.raw(FTS_TABLE)} (rowid, title, body, plain, excerpt)
            VALUES (${rowidOf(entry.kind, entry.id)}, ${entry.title}, ${entry.body}, ${entry.plain}, ${entry.excerpt})`,
      )
    }
    return
  }
  if (!entry) {
    await db.run(sql`DELETE FROM ${sql.raw(PG_TABLE)} WHERE kind = ${key.kind} AND record_id = ${key.id}`)
    return
  }
  await db.run(
    sql`INSERT INTO ${sql.raw(PG_TABLE)} (kind, record_id, title, body, plain, excerpt)
        VALUES (${entry.kind}, ${entry.id}, ${entry.title}, ${entry.body}, ${entry.plain}, ${entry.excerpt})
        ON CONFLICT (kind, record_id) DO UPDATE SET title = excluded.title, body = excluded.body, plain = excluded.plain, excerpt = excluded.excerpt`,
  )
}
