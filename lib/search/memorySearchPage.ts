import type { ShownEntry } from '../db/searchChanges'
import { kindOfRowid, type SearchKind } from '../db/searchTables'
import type { MemorySearchIndex } from './memorySearchIndex'
import type { QueryTerm } from './searchText'
import { type PageWanted, pageOfTiers, type SearchPage } from './searchTiers'

export type CopiedIndex = MemorySearchIndex<ShownEntry>
export type WordSearch = PageWanted & { terms: QueryTerm[]; kinds: SearchKind[] }

/** Whether the memory copy can answer: it keeps no word positions, so a phrase (a term of several tokens) goes to the database. */
export const isWordSearch = (terms: QueryTerm[]): boolean => terms.every((term) => term.tokens.length === 1)

/**
 * A page of a search of words from the memory copy: counted and ranked exactly as FTS5 does (bm25, title tokens
 * weighing ten), with what its entries show, and no statement at all. The matches are slots of the copy: counts and
 * pages are read in the turn that matched (only promises already settled are awaited in between), before a change
 * can renumber or empty a slot.
 */
export const memorySearchPage = (index: CopiedIndex, { terms, kinds, ...wanted }: WordSearch): Promise<SearchPage> => {
  const matches = index.match(
    terms.map((term) => ({ token: term.tokens[0]!, prefix: term.prefix })),
    { article: kinds.includes('article'), project: kinds.includes('project') },
  )
  return pageOfTiers(
    {
      counts: async () => ({ inTitle: matches.inTitle, total: matches.total }),
      page: async (tier, limit, offset, ranked) => matches.page(tier, limit, offset, ranked).map((hit) => ({ ...kindOfRowid(hit.rowid), ...hit.shown, rank: hit.rank })),
    },
    wanted,
  )
}
