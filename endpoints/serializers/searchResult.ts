import type { SearchHit } from '../../lib/db/searchQuery'
import { publicSlug } from '../../lib/publicSlug'
import { highlightSnippet } from '../../lib/search/snippet'
import type { QueryTerm } from '../../lib/search/searchText'
import type { SearchResult } from '../contracts/search'

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
