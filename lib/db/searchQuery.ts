import type { Payload, Where } from 'payload'

import type { MemoryMatches } from '../search/memorySearchIndex'
import type { QueryTerm } from '../search/searchText'
import { type PostgresRead, postgresReaderOf } from './postgresReader'
import { sqlOf } from './rawSql'
import { type SqliteRead, sqliteReaderOf } from './sqliteReader'
import type { ShownEntry } from './searchChanges'
import { FTS_TABLE, PG_TABLE, type SearchKind } from './searchIndex'
import { memorySearchIndexOf } from './searchMemory'
import { publishedJoin, publishedJoinByRowid, shown } from './searchTables'
import { queryMongoSearchIndex } from './searchMongo'

export type SearchHit = { kind: SearchKind; id: number; score: number; title: string; slug: string | null; excerpt: string; plain: string }
export type SearchPage = { total: number; hits: SearchHit[] }

type Key = { kind: SearchKind; id: number }
type Tier = 'title' | 'body'
type Search = {
  terms: QueryTerm[]
  kinds: [SearchKind, ...SearchKind[]]
  limit: number
  offset: number
  /** Past this many matches a group is listed newest first (`RANKED_MATCHES_MAX` unless given). */
  rankedMatchesMax?: number
  /** false: the database answers even where the memory copy could (to compare them). */
  memory?: boolean
}
type Found = Omit<SearchHit, 'score'> & { rank: number }

/**
 * The statements of one database: how many entries match (all, and those whose title holds every term), and one
 * ranked page of a tier with what its results show. Two statements answer most searches.
 */
type Dialect = {
  counts: () => Promise<{ inTitle: number; total: number }>
  /** A page of a tier, ranked by the database, or (`ranked` false) newest first. */
  page: (tier: Tier, limit: number, offset: number, ranked: boolean) => Promise<Found[]>
}

const kindOfRowid = (rowid: number): Key => ({ kind: rowid % 2 === 1 ? 'project' : 'article', id: Math.floor(rowid / 2) })

const foundOf = (row: Record<string, unknown>, key: Key): Found => ({
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

const sqliteSearch = (read: SqliteRead, { terms, kinds }: Search): Dialect => {
  const all = terms.map((term) => `"${term.tokens.join(' ')}"${term.prefix ? '*' : ''}`).join(' ')
  const inTitle = `{title} : (${all})`
  const matches = { all, title: inTitle, body: `(${all}) NOT ${inTitle}` }
  // The statements' text depends on the kinds and on ranking only (their values are parameters): the read thread
  // prepares each shape once.
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

const postgresSearch = (read: PostgresRead, { terms, kinds }: Search): Dialect => {
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
  const rank = (tier: Tier, ranked: boolean) => (!ranked ? '0' : `ts_rank(${tier === 'title' ? 's.title_document' : 's.document'}, ${query})`)
  const from = (q: string, tier: Tier | 'all') => `FROM ${PG_TABLE} s WHERE ${conditions(q)[tier]}${ofKinds}`
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
 * The memory copy's matches (lib/search/memorySearchIndex.ts), with what its entries show: no statement at all. The
 * matches are slots of the copy: counts and pages must be read in the turn that matched (only promises already
 * settled are awaited in between), before a sync's write can renumber or empty a slot.
 */
const memorySearch = (matches: MemoryMatches<ShownEntry>): Dialect => ({
  counts: async () => ({ inTitle: matches.inTitle, total: matches.total }),
  page: async (tier, limit, offset, ranked) => matches.page(tier, limit, offset, ranked).map((hit) => ({ ...kindOfRowid(hit.rowid), ...hit.shown, rank: hit.rank })),
})

/**
 * The memory copy answers a search of words (the database keeps word positions, the copy does not: phrases go to it),
 * once it is filled; it counts and ranks exactly as FTS5 does (bm25, title tokens weighing ten).
 */
const memoryDialect = async (payload: Payload, { terms, kinds, memory }: Search): Promise<Dialect | undefined> => {
  if (memory === false || terms.some((term) => term.tokens.length !== 1)) return undefined
  const index = await memorySearchIndexOf(payload)
  if (!index) return undefined
  const matches = index.match(
    terms.map((term) => ({ token: term.tokens[0]!, prefix: term.prefix })),
    { article: kinds.includes('article'), project: kinds.includes('project') },
  )
  return memorySearch(matches)
}

/** A score in (1, 2) for entries whose title holds every term, in (0, 1) for the others: higher is better. */
const tierScore = (tier: Tier, rank: number) => (tier === 'title' ? 1 : 0) + Math.max(0, rank) / (1 + Math.max(0, rank))

/**
 * A group with more matches than this is listed newest first instead of ranked. Ranking reads every match's
 * statistics: a word held by thousands of entries cost 10-25 ms to rank on 10,000 articles (against 0.2 ms to
 * list), and such a word says little about which entry fits best anyway.
 */
export const RANKED_MATCHES_MAX = 300

/** The score of the `position`-th entry (from 0) of a group listed newest first: falling with the position. */
const positionRank = (position: number) => 1 / (position + 1)

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
 * One page of published records matching every term, with the number of entries that match. Entries whose title
 * holds every term come first, then the others, each ranked by the database (title matches weighing ten times body
 * matches), or newest first when the group has more than `RANKED_MATCHES_MAX` entries. Ranking in two tiers keeps a
 * common word cheap: its title matches are few, and idf-based ranks of a word in nearly every body say nothing anyway
 * (FTS5 clamps them to almost 0).
 */
export const querySearchIndex = async (payload: Payload, search: Search): Promise<SearchPage | undefined> => {
  if (search.terms.length === 0) return { total: 0, hits: [] }
  const db = await sqlOf(payload)
  if (!db) return queryMongo(payload, search)
  const dialect =
    (await memoryDialect(payload, search)) ??
    (db.dialect === 'sqlite' ? sqliteSearch(sqliteReaderOf(payload), search) : postgresSearch(postgresReaderOf(payload), search))
  const { limit, offset } = search
  const { inTitle, total } = await dialect.counts()
  const hits: SearchHit[] = []
  const take = async (tier: Tier, matches: number, tierLimit: number, tierOffset: number) => {
    const ranked = matches <= (search.rankedMatchesMax ?? RANKED_MATCHES_MAX)
    const found = await dialect.page(tier, tierLimit, tierOffset, ranked)
    hits.push(...found.map(({ rank, ...hit }, index) => ({ ...hit, score: tierScore(tier, ranked ? rank : positionRank(tierOffset + index)) })))
  }
  if (offset < inTitle) await take('title', inTitle, limit, offset)
  const titleRows = Math.max(0, Math.min(limit, inTitle - offset))
  if (titleRows < limit && total > inTitle) await take('body', total - inTitle, limit - titleRows, Math.max(0, offset - inTitle))
  return { total, hits }
}
