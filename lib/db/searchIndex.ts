import { sql as postgresSql } from '@payloadcms/db-postgres'
import { sql as sqliteSql } from '@payloadcms/db-sqlite'
import type { Payload, PayloadRequest } from 'payload'

import type { QueryTerm } from '../search/searchText'

export type SearchKind = 'article' | 'project'
export const SEARCH_COLLECTIONS = { article: 'articles', project: 'projects' } as const

/** What the index holds of one published record: its title and body as tokens, and the body's plain text for snippets. */
export type SearchEntry = { kind: SearchKind; id: number; title: string; body: string; plain: string }
export type SearchHit = { kind: SearchKind; id: number; score: number; plain: string }
export type SearchPage = { total: number; hits: SearchHit[] }

type Statement = unknown
type SqlTag = { (strings: TemplateStringsArray, ...values: unknown[]): Statement; raw: (text: string) => Statement }
type Rows = { rows: Record<string, unknown>[] }

/** What the SQL adapters keep on `payload.db`: `execute` runs a statement of their drizzle, `sessions` their transactions. */
type ExecutingAdapter = {
  name: string
  drizzle: unknown
  execute: (args: { drizzle: unknown; sql: Statement }) => Promise<Rows> | Rows
  sessions?: Record<string | number, { db?: unknown } | undefined>
}

const isExecutingAdapter = (db: object): db is ExecutingAdapter =>
  'execute' in db && typeof db.execute === 'function' && 'drizzle' in db && 'name' in db && (db.name === 'sqlite' || db.name === 'postgres')

type Sql = { dialect: 'sqlite' | 'postgres'; sql: SqlTag; run: (statement: Statement) => Promise<Rows> }

/** The adapter's SQL, inside `req`'s transaction when it has one, so the index changes with the record or not at all. */
const sqlOf = async (payload: Payload, req?: Partial<PayloadRequest>): Promise<Sql | undefined> => {
  const db: object = payload.db
  if (!isExecutingAdapter(db)) return undefined
  const transaction = req?.transactionID === undefined ? undefined : await req.transactionID
  const drizzle = (transaction !== undefined && db.sessions?.[transaction]?.db) || db.drizzle
  const dialect = db.name === 'postgres' ? 'postgres' : 'sqlite'
  return { dialect, sql: dialect === 'postgres' ? postgresSql : sqliteSql, run: async (statement) => db.execute({ drizzle, sql: statement }) }
}

// SQLite: an FTS5 table. Payload's development schema push (drizzle-kit) drops every table it does not know, except
// names starting with `libsql_` (and a few other prefixes it leaves to their tools): the name keeps a restart from
// dropping the index. Its rowid is the record's key, so a record's entry is found without a scan.
const FTS_TABLE = 'libsql_search'
const rowidOf = (kind: SearchKind, id: number) => id * 2 + (kind === 'project' ? 1 : 0)
// Postgres: its own schema, which the push (limited to `public`) leaves alone.
const PG_TABLE = 'blog_search.entries'

/** The statements that create the index (idempotent), run by the migrations and at every start. */
export const SEARCH_INDEX_DDL = {
  sqlite: [
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${FTS_TABLE} USING fts5(title, body, plain UNINDEXED, kind UNINDEXED, record_id UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')`,
  ],
  postgres: [
    'CREATE SCHEMA IF NOT EXISTS blog_search',
    `CREATE TABLE IF NOT EXISTS ${PG_TABLE} (
      kind text NOT NULL, record_id integer NOT NULL, title text NOT NULL, body text NOT NULL, plain text NOT NULL,
      document tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'D')) STORED,
      PRIMARY KEY (kind, record_id))`,
    `CREATE INDEX IF NOT EXISTS entries_document ON ${PG_TABLE} USING gin (document)`,
  ],
}

export const SEARCH_INDEX_DROP = { sqlite: [`DROP TABLE IF EXISTS ${FTS_TABLE}`], postgres: ['DROP SCHEMA IF EXISTS blog_search CASCADE'] }

export const ensureSearchIndex = async (payload: Payload): Promise<boolean> => {
  const db = await sqlOf(payload)
  if (!db) return false
  for (const statement of SEARCH_INDEX_DDL[db.dialect]) await db.run(db.sql.raw(statement))
  return true
}

/** How many entries the index holds (0 where the database has no index). */
export const countSearchEntries = async (payload: Payload): Promise<number> => {
  const db = await sqlOf(payload)
  if (!db) return 0
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
  if (!db) return
  const { sql } = db
  if (db.dialect === 'sqlite') {
    await db.run(sql`DELETE FROM ${sql.raw(FTS_TABLE)} WHERE rowid = ${rowidOf(key.kind, key.id)}`)
    if (entry) {
      await db.run(
        sql`INSERT INTO ${sql.raw(FTS_TABLE)} (rowid, title, body, plain, kind, record_id)
            VALUES (${rowidOf(entry.kind, entry.id)}, ${entry.title}, ${entry.body}, ${entry.plain}, ${entry.kind}, ${entry.id})`,
      )
    }
    return
  }
  if (!entry) {
    await db.run(sql`DELETE FROM ${sql.raw(PG_TABLE)} WHERE kind = ${key.kind} AND record_id = ${key.id}`)
    return
  }
  await db.run(
    sql`INSERT INTO ${sql.raw(PG_TABLE)} (kind, record_id, title, body, plain) VALUES (${entry.kind}, ${entry.id}, ${entry.title}, ${entry.body}, ${entry.plain})
        ON CONFLICT (kind, record_id) DO UPDATE SET title = excluded.title, body = excluded.body, plain = excluded.plain`,
  )
}

const ftsMatch = (terms: QueryTerm[]): string =>
  terms.map((term) => `"${term.tokens.join(' ')}"${term.prefix ? '*' : ''}`).join(' ')

const tsQuery = (terms: QueryTerm[]): string =>
  terms
    .map((term) => {
      const lexemes = term.tokens.map((token, index) => `'${token}'${term.prefix && index === term.tokens.length - 1 ? ':*' : ''}`)
      return lexemes.length === 1 ? lexemes[0] : `(${lexemes.join(' <-> ')})`
    })
    .join(' & ')

/**
 * One page of entries matching every term, best first (title matches weigh ten times body matches), with the total.
 * Only published records have entries (the hooks take the others out in the same transaction); callers still read the
 * records back as a visitor, so an entry left behind by some other write never shows a draft. Checking each match's
 * status here cost more than the search itself (3.4 of 4.6 ms for a common word over 9,000 articles on SQLite).
 */
export const querySearchIndex = async (
  payload: Payload,
  { terms, kinds, limit, offset }: { terms: QueryTerm[]; kinds: [SearchKind, ...SearchKind[]]; limit: number; offset: number },
): Promise<SearchPage | undefined> => {
  const db = await sqlOf(payload)
  if (!db || terms.length === 0) return db ? { total: 0, hits: [] } : undefined
  const { sql } = db
  const [firstKind, secondKind = firstKind] = kinds
  const ofKinds = sql`s.kind IN (${firstKind}, ${secondKind})`
  const [matches, score] =
    db.dialect === 'sqlite'
      ? [sql`${sql.raw(FTS_TABLE)} MATCH ${ftsMatch(terms)}`, sql`-bm25(${sql.raw(FTS_TABLE)}, 10.0, 1.0)`]
      : [sql`s.document @@ to_tsquery('simple', ${tsQuery(terms)})`, sql`ts_rank(s.document, to_tsquery('simple', ${tsQuery(terms)}))`]
  const table = sql.raw(db.dialect === 'sqlite' ? FTS_TABLE : PG_TABLE)
  const from = sql`FROM ${table} s WHERE ${matches} AND ${ofKinds}`
  // Ranked on the keys alone; the plain text (kilobytes a record) is read for the page's rows only.
  const ranked = sql`SELECT s.kind AS kind, s.record_id AS id, ${score} AS score ${from} ORDER BY score DESC, s.record_id DESC LIMIT ${limit} OFFSET ${offset}`
  // FTS5 finds a row fast by its rowid only; Postgres by its primary key.
  const sameRow = db.dialect === 'sqlite' ? sql`t.rowid = r.id * 2 + (CASE WHEN r.kind = 'project' THEN 1 ELSE 0 END)` : sql`t.kind = r.kind AND t.record_id = r.id`
  const [page, count] = await Promise.all([
    db.run(sql`SELECT r.kind AS kind, r.id AS id, r.score AS score, t.plain AS plain FROM (${ranked}) r JOIN ${table} t ON ${sameRow} ORDER BY r.score DESC, r.id DESC`),
    db.run(sql`SELECT count(*) AS total ${from}`),
  ])
  return {
    total: Number(count.rows[0]?.total ?? 0),
    hits: page.rows.map((row) => ({ kind: row.kind === 'project' ? 'project' : 'article', id: Number(row.id), score: Number(row.score), plain: String(row.plain ?? '') })),
  }
}
