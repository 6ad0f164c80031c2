import type { Payload, PayloadRequest } from 'payload'

import { afterCommit } from './afterCommit'
import { type Sql, sqlOf } from './rawSql'
import { runSchemaStatements } from './schemaStatements'
import { recordSearchChange, SEARCH_CHANGES_DDL, SEARCH_CHANGES_DROP } from './searchChanges'
import { noteSearchWrite } from './searchWrites'
import { countMongoSearchEntries, ensureMongoSearchIndex, writeMongoSearchEntry } from './searchMongo'
import { FORMER_TABLES, FTS_TABLE, PG_TABLE, rowidOf, type SearchEntry, type SearchKind } from './searchTables'

export { FTS_TABLE, PG_TABLE, rowidOf, SEARCH_COLLECTIONS, type SearchEntry, type SearchKind } from './searchTables'

/** The statements that create the index (idempotent), run by the migrations and at every start. */
export const SEARCH_INDEX_DDL = {
  sqlite: [
    ...FORMER_TABLES.sqlite.map((table) => `DROP TABLE IF EXISTS ${table}`),
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${FTS_TABLE} USING fts5(title, body, plain UNINDEXED, excerpt UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')`,
    ...SEARCH_CHANGES_DDL.sqlite,
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
    ...SEARCH_CHANGES_DDL.postgres,
  ],
}

export const SEARCH_INDEX_DROP = {
  sqlite: [...[FTS_TABLE, ...FORMER_TABLES.sqlite].map((table) => `DROP TABLE IF EXISTS ${table}`), ...SEARCH_CHANGES_DROP.sqlite],
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

/** Writes a record's entry, or removes it (`entry` null), and stamps it in the change log: the statements of `db`. */
const writeSqlEntry = async (db: Sql, key: { kind: SearchKind; id: number }, entry: SearchEntry | null): Promise<void> => {
  const { sql } = db
  if (db.dialect === 'sqlite') {
    await db.run(sql`DELETE FROM ${sql.raw(FTS_TABLE)} WHERE rowid = ${rowidOf(key.kind, key.id)}`)
    if (entry) {
      await db.run(
        sql`INSERT INTO ${sql.raw(FTS_TABLE)} (rowid, title, body, plain, excerpt)
            VALUES (${rowidOf(entry.kind, entry.id)}, ${entry.title}, ${entry.body}, ${entry.plain}, ${entry.excerpt})`,
      )
    }
  } else if (!entry) {
    await db.run(sql`DELETE FROM ${sql.raw(PG_TABLE)} WHERE kind = ${key.kind} AND record_id = ${key.id}`)
  } else {
    await db.run(
      sql`INSERT INTO ${sql.raw(PG_TABLE)} (kind, record_id, title, body, plain, excerpt)
          VALUES (${entry.kind}, ${entry.id}, ${entry.title}, ${entry.body}, ${entry.plain}, ${entry.excerpt})
          ON CONFLICT (kind, record_id) DO UPDATE SET title = excluded.title, body = excluded.body, plain = excluded.plain, excerpt = excluded.excerpt`,
    )
  }
  await recordSearchChange(db, key)
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
  // The memory copy of the index (searchMemory.ts) reads the change log again on its next search, and once more when
  // the write is committed (at once without a transaction).
  noteSearchWrite()
  await writeSqlEntry(db, key, entry)
  await afterCommit(req, noteSearchWrite)
}
