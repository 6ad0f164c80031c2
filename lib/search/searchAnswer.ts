import { pageCount } from '../pageCount'
import { publicSlug } from '../publicSlug'
import type { QueryTerm } from './searchText'
import type { SearchHit, SearchPage } from './searchTiers'
import { highlightSnippet } from './snippet'

/** A result as `GET /api/search` lists it (endpoints/contracts/search.ts describes it). */
export type SearchResult = {
  type: SearchHit['kind']
  id: number
  title: string
  slug: string | null
  excerpt: string
  snippet: string
  score: number
}

/** The answer's data and pagination, as the envelope carries them. */
export type SearchAnswerData = {
  data: SearchResult[]
  meta: { pagination: { page: number; limit: number; total: number; pages: number } }
}

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
export const searchAnswerData = (found: SearchPage, terms: QueryTerm[], page: number, limit: number): SearchAnswerData => ({
  data: found.hits.map((hit) => searchResult(hit, terms)),
  meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } },
})
