import { publicSlug } from '../../lib/publicSlug'
import { highlightSnippet } from '../../lib/search/snippet'
import type { QueryTerm } from '../../lib/search/searchText'
import type { SearchHit, SearchPage } from '../../lib/search/searchTiers'
import type { SearchResult } from '../contracts/search'
import { pageCount } from '../http/pageCount'
import type { Produced } from '../http/publicResponse'

/** One search result: an article (its public slug) or a project (no slug), with the snippet around the match. */
export const searchResult = (hit: SearchHit, terms: QueryTerm[]): SearchResult => ({
  type: hit.kind,
  id: hit.id,
  title: hit.title,
  slug: hit.kind === 'article' ? publicSlug(hit.slug ?? '', hit.id) : null,
  excerpt: hit.excerpt,
  snippet: highlightSnippet(hit.plain, terms),
  score: hit.score,
})

/** The answer to a search: its page of results and the pagination. */
export const searchAnswerData = (found: SearchPage, terms: QueryTerm[], page: number, limit: number): Produced => ({
  data: found.hits.map((hit) => searchResult(hit, terms)),
  meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } },
})
