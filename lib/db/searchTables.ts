// The tables of the search index, apart so that its change log (searchChanges.ts) and its writes share them.

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
export const FORMER_TABLES = { sqlite: ['libsql_search'], postgres: ['blog_search.entries'] }

export const rowidOf = (kind: SearchKind, id: number) => id * 2 + (kind === 'project' ? 1 : 0)
export const kindOfRowid = (rowid: number): { kind: SearchKind; id: number } => ({ kind: rowid % 2 === 1 ? 'project' : 'article', id: Math.floor(rowid / 2) })


// Published records only: an entry some other write left behind never shows a draft. Checked for the page's rows
// alone, by primary key (checking every match cost more than the search itself).
export const publishedJoin = (entryKind: string, entryId: string) => `
  LEFT JOIN articles a ON ${entryKind} = 'article' AND a.id = ${entryId} AND a.status = 'published'
  LEFT JOIN projects p ON ${entryKind} = 'project' AND p.id = ${entryId} AND p.status = 'published'`
export const shown = `coalesce(a.title, p.title) AS title, a.slug AS slug`

/** `publishedJoin` on SQLite, where an entry's rowid holds its kind (the lowest bit) and its record's id (the rest). */
export const publishedJoinByRowid = (rowid: string) => publishedJoin(`(CASE WHEN ${rowid} % 2 = 1 THEN 'project' ELSE 'article' END)`, `${rowid} / 2`)
