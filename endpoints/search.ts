import { Router } from 'express'
import type { Payload } from 'payload'
import type { z } from 'zod'

import type { SearchKind } from '../lib/db/searchIndex'
import { memorySearchIndexOf } from '../lib/db/searchMemory'
import { querySearchIndex } from '../lib/db/searchQuery'
import { isWordSearch } from '../lib/search/memorySearchPage'
import { parseQuery } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { search } from './contracts/search'
import { type PreparedBody, prepareData } from './http/envelope'
import { parseQueryParams } from './http/query'
import { sendPublicBody } from './http/publicResponse'
import { searchAnswerData } from './serializers/searchResult'

type SearchParams = z.output<typeof search.query>
type SearchType = NonNullable<SearchParams['type']>

const KINDS: Record<SearchType, [SearchKind, ...SearchKind[]]> = { all: ['article', 'project'], article: ['article'], project: ['project'] }

/** A search's query parameters as the route takes them; throws the 400 ApiError when they do not fit. */
export const readSearchQuery = (query: Record<string, unknown>): SearchParams => parseQueryParams(search.query, query)

/**
 * The answer to a search, serialised: a search of words by the memory copy of the index, in its thread; a phrase, or
 * any search while there is no copy, by the database (a 503 ApiError where it has no index).
 */
export const searchAnswer = async (payload: Payload, { q, type = 'all', page, limit }: SearchParams): Promise<PreparedBody> => {
  const terms = parseQuery(q)
  const search = { terms, kinds: KINDS[type], limit, offset: (page - 1) * limit }
  if (terms.length > 0 && isWordSearch(terms)) {
    const answer = await (await memorySearchIndexOf(payload))?.answer(search, page)
    if (answer) return answer
  }
  const found = await querySearchIndex(payload, { ...search, memory: false })
  if (!found) throw new ApiError('SERVICE_UNAVAILABLE', 'This database has no search index')
  const { data, meta } = searchAnswerData(found, terms, page, limit)
  return prepareData(data, meta)
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
  router.get('/', (req, res) => sendPublicBody(req, res, { ttl: SEARCH_CACHE_TTL }, async () => searchAnswer(payload, readSearchQuery(req.query))))
  return router
}
