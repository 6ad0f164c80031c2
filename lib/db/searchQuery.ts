import type { Payload, Where } from 'payload'

import { isWordSearch } from '../search/memorySearchPage'
import type { QueryTerm } from '../search/searchText'
import { type PageWanted, pageOfTiers, type RankedHit, type SearchPage, type SearchTier, type TierReader, tierScore } from '../search/searchTiers'
import { type PostgresRead, postgresReaderOf } from './postgresReader'
import { sqlOf } from './rawSql'
import { type SqliteRead, sqliteReaderOf } from './sqliteReader'
import { FTS_TABLE, PG_TABLE, type SearchKind } from './searchIndex'
import { memorySearchIndexOf } from './searchMemory'
import { kindOfRowid, publishedJoin, publishedJoinByRowid, shown } from './searchTables'
import { queryMongoSearchIndex } from './searchMongo'

export type { SearchHit, SearchPage } from '../search/searchTiers'

type Key = { kind: SearchKind; id: number }
type Search = PageWanted & {
  terms: QueryTerm[]
  kinds: [SearchKind, ...SearchKind[]]
  /** false: the database answers even where the memory copy could (to compare them). */
  memory?: boolean
}

const foundOf = (row: Record<string, unknown>, key: Key): RankedHit => ({
  ...key,
  rank: Number(row.rank),
  title: String(row.title),
  slug: row.slug === null || row.slug === undefined ? null : String(row.slug),
  excerpt: String(row.excerpt ?? ''),
  plain: String(row.plain ?? ''),
})

/** Both counts in one statement: entries whose title holds every term, and all entries that match. */
const countsOf = (row: Record<string, unknown> | undefined) => ({ inTitle: Number(row?.in_title ?? 0), total: Number(row?.total ?? 0) })

/** The statements' FROM for the kinds searched: the rowid's lowest bit says the kind. */
const sqliteMatching = (kinds: SearchKind[]) =>
  `FROM ${FTS_TABLE} WHERE ${FTS_TABLE} MATCH ?${kinds.length === 2 ? '' : ` AND (rowid & 1) = ${kinds[0] === 'project' ? 1 : 0}`}`

/**
 * A page of matches (values: the match, limit, offset), ranked on rowids alone, then read by rowid (a lookup each).
 * CROSS JOIN keeps the page the outer loop: given an index on articles covering the join (tried, then left out),
 * SQLite's planner scanned the whole index table against the page instead (340 ms a search on 10,000 articles).
 */
export const sqliteSearchPageSql = (kinds: SearchKind[], ranked: boolean): string => {
  const rank = ranked ? `-bm25(${FTS_TABLE}, 10.0, 1.0)` : '0'
  return `SELECT r.rowid AS rowid, r.rank AS rank, s.plain AS plain, s.excerpt AS excerpt, ${shown}
    FROM (SELECT rowid, ${rank} AS rank ${sqliteMatching(kinds)} ORDER BY rank DESC, rowid DESC LIMIT ? OFFSET ?) r
    CROSS JOIN ${FTS_TABLE} s ON s.rowid = r.rowid
    ${publishedJoinByRowid('r.rowid')}
    ORDER BY r.rank DESC, r.rowid DESC`
}

const sqliteSearch = (read: SqliteRead, { terms, kinds }: Search): TierReader => {
  const all = terms.map((term) => `"${term.tokens.join(' ')}"${term.prefix ? '*' : ''}`).join(' ')
  const inTitle = `{title} : (${all})`
  const matches = { all, title: inTitle, body: `(${all}) NOT ${inTitle}` }
  // The statements' text depends on the kinds and on ranking only (their values are parameters).
  const matching = sqliteMatching(kinds)
  return {
    counts: async () => countsOf((await read(`SELECT (SELECT count(*) ${matching}) AS in_title, (SELECT count(*) ${matching}) AS total`, [matches.title, matches.all]))[0]),
    page: async (tier, limit, offset, ranked) => {
      const rows = await read(sqliteSearchPageSql(kinds, ranked), [matches[tier], limit, offset])
      return rows.filter((row) => row.title !== null).map((row) => foundOf(row, kindOfRowid(Number(row.rowid))))
    },
  }
}

/** A tsquery of the terms: each in order, the last token of a word being typed as a prefix. */
const tsQuery = (terms: QueryTerm[]): string =>
  terms
    .map((term) => {
      const lexemes = term.tokens.map((token, index) => `'${token}'${term.prefix && index === term.tokens.length - 1 ? ':*' : ''}`)
      return lexemes.length === 1 ? lexemes[0] : `(${lexemes.join(' <-> ')})`
    })
    .join(' & ')

const postgresSearch = (read: PostgresRead, { terms, kinds }: Search): TierReader => {
  // $1 is the tsquery's text, $2 the kind searched when only one is.
  const values = kinds.length === 2 ? [tsQuery(terms)] : [tsQuery(terms), kinds[0]]
  const ofKinds = kinds.length === 2 ? '' : ' AND s.kind = $2'
  const query = `to_tsquery('simple', $1)`
  // Counting plans without the query's value (a subquery's result is unknown to the planner), so it always counts from
  // the GIN index: for a word in most entries the planner would otherwise read every row's vector (22 ms on 10,000
  // articles against 4 ms through the index, measured with EXPLAIN ANALYZE).
  const unplannedQuery = `(SELECT ${query})`
  // The title has a vector of its own: a query restricted to a weight (`:A`) is rechecked on every row the index finds.
  // Counting rechecks every match too: `words` (no positions, half the size) serves it unless a phrase needs positions.
  const phrase = terms.some((term) => term.tokens.length > 1)
  const conditions = (q: string) => ({
    all: phrase ? `s.document @@ ${q}` : `s.words @@ ${q}`,
    title: `s.title_document @@ ${q}`,
    body: `s.document @@ ${q} AND NOT s.title_document @@ ${q}`,
  })
  const rank = (tier: SearchTier, ranked: boolean) => (!ranked ? '0' : `ts_rank(${tier === 'title' ? 's.title_document' : 's.document'}, ${query})`)
  const from = (q: string, tier: SearchTier | 'all') => `FROM ${PG_TABLE} s WHERE ${conditions(q)[tier]}${ofKinds}`
  return {
    // Planned without the query's value either way: prepared.
    counts: async () =>
      countsOf((await read(`SELECT (SELECT count(*) ${from(unplannedQuery, 'title')}) AS in_title, (SELECT count(*) ${from(unplannedQuery, 'all')}) AS total`, values, { prepared: true }))[0]),
    page: async (tier, limit, offset, ranked) => {
      const page = values.length + 1
      const rows = await read(
        `SELECT r.kind AS kind, r.record_id AS id, r.rank AS rank, e.plain AS plain, e.excerpt AS excerpt, ${shown}
         FROM (SELECT s.kind, s.record_id, ${rank(tier, ranked)} AS rank ${from(query, tier)}
               ORDER BY rank DESC, s.record_id DESC LIMIT $${page} OFFSET $${page + 1}) r
         JOIN ${PG_TABLE} e ON e.kind = r.kind AND e.record_id = r.record_id
         ${publishedJoin('r.kind', 'r.record_id')}
         ORDER BY r.rank DESC, r.record_id DESC`,
        [...values, limit, offset],
        // A ranked page reads every match whatever the query, so one plan serves all; a page listed newest first
        // (a group too large to rank) is planned for its query, so that a common word walks the newest-first index.
        { prepared: ranked },
      )
      return rows
        .filter((row) => row.title !== null)
        .map((row) => foundOf(row, { kind: row.kind === 'project' ? 'project' : 'article', id: Number(row.id) }))
    },
  }
}

/**
 * The memory copy answers a search of words once it is filled (lib/db/searchMemory.ts); undefined where it cannot
 * (a phrase, no copy yet, its thread stopped): then the database does.
 */
const memoryPage = async (payload: Payload, { memory, ...search }: Search): Promise<SearchPage | undefined> => {
  if (memory === false || !isWordSearch(search.terms)) return undefined
  return (await memorySearchIndexOf(payload))?.page(search)
}

/** MongoDB: the index ranks; the page's records are read as a visitor would (published only), with their titles. */
const queryMongo = async (payload: Payload, search: Search): Promise<SearchPage | undefined> => {
  const found = await queryMongoSearchIndex(payload, search)
  if (!found) return undefined
  const ids = (kind: SearchKind) => found.matches.filter((match) => match.kind === kind).map((match) => match.id)
  const read = { depth: 0, overrideAccess: false, pagination: false } as const
  const published = (kind: SearchKind): Where => ({ and: [{ id: { in: ids(kind) } }, { status: { equals: 'published' } }] })
  const [articles, projects] = await Promise.all([
    ids('article').length === 0 ? [] : (await payload.find({ collection: 'articles', ...read, select: { title: true, slug: true }, where: published('article') })).docs,
    ids('project').length === 0 ? [] : (await payload.find({ collection: 'projects', ...read, select: { title: true }, where: published('project') })).docs,
  ])
  const shownArticles = new Map(articles.map((doc) => [doc.id, { title: doc.title, slug: doc.slug ?? '' }]))
  const shownProjects = new Map(projects.map((doc) => [doc.id, { title: doc.title, slug: null }]))
  const hits = found.matches.flatMap(({ inTitle, rank, ...match }) => {
    const shown = (match.kind === 'article' ? shownArticles : shownProjects).get(match.id)
    return shown ? [{ ...match, ...shown, score: tierScore(inTitle ? 'title' : 'body', rank) }] : []
  })
  return { total: found.total, hits }
}

/**
 * One page of published records matching every term, with the number of entries that match, in two tiers
 * (lib/search/searchTiers.ts): from the memory copy of the index where it can answer, else from the database's.
 */
export const querySearchIndex = async (payload: Payload, search: Search): Promise<SearchPage | undefined> => {
  if (search.terms.length === 0) return { total: 0, hits: [] }
  const db = await sqlOf(payload)
  if (!db) return queryMongo(payload, search)
  const inMemory = await memoryPage(payload, search)
  if (inMemory) return inMemory
  return pageOfTiers(db.dialect === 'sqlite' ? sqliteSearch(sqliteReaderOf(payload), search) : postgresSearch(postgresReaderOf(payload), search), search)
}
