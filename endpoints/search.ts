import { Router } from 'express'
import type { Payload } from 'payload'
import type { z } from 'zod'

import type { SearchKind } from '../lib/db/searchIndex'
import { querySearchIndex } from '../lib/db/searchQuery'
import { parseQuery } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { search } from './contracts/search'
import { pageCount } from './http/pagination'
import { parseQueryParams } from './http/query'
import { type Produced, sendPublicRead } from './http/publicResponse'
import { searchResult } from './serializers/searchResult'

type SearchParams = z.output<typeof search.query>
type SearchType = NonNullable<SearchParams['type']>

const KINDS: Record<SearchType, [SearchKind, ...SearchKind[]]> = { all: ['article', 'project'], article: ['article'], project: ['project'] }

/** A search's query parameters as the route takes them; throws the 400 ApiError when they do not fit. */
export const readSearchQuery = (query: Record<string, unknown>): SearchParams => parseQueryParams(search.query, query)

/** The answer to a search (a 503 ApiError where the database has no index). */
export const searchAnswer = async (payload: Payload, { q, type = 'all', page, limit }: SearchParams): Promise<Produced> => {
  const kinds = KINDS[type]
  const terms = parseQuery(q)
  const found = await querySearchIndex(payload, { terms, kinds, limit, offset: (page - 1) * limit })
  if (!found) throw new ApiError('SERVICE_UNAVAILABLE', 'This database has no search index')
  const data = found.hits.map((hit) => searchResult(hit, terms))
  return { data, meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } } }
}

/**
 * Anonymous searches are computed for every request (the same search asked at once is computed once) and not kept
 * in the public cache: readers seldom ask the same search twice (each keystroke is another), so kept answers only
 * pushed out of the cache the pages everyone reads, and a search answered from the memory copy of the index costs
 * less than half a millisecond.
 */
export const SEARCH_CACHE_TTL = 0

/** GET /search: published articles and projects ranked by the full-text index, with highlighted snippets. */
export const searchRoutes = (payload: Payload): Router => {
  const router = Router()
  router.get('/', (req, res) => sendPublicRead(req, res, { ttl: SEARCH_CACHE_TTL }, async () => searchAnswer(payload, readSearchQuery(req.query))))
  return router
}
