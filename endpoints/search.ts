import { Hono } from 'hono'
import type { Payload } from 'payload'
import type { z } from 'zod'

import type { SearchKind } from '../lib/db/searchIndex'
import { memorySearchIndexOf } from '../lib/db/searchMemory'
import { querySearchIndex } from '../lib/db/searchQuery'
import { isWordSearch } from '../lib/search/memorySearchPage'
import { type PreparedBody, prepareData } from '../lib/preparedBody'
import { searchAnswerData } from '../lib/search/searchAnswer'
import { parseQuery, querySize } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { MAX_SEARCH_PHRASES, MAX_SEARCH_WORDS, search } from './contracts/search'
import { parseQueryParams } from './http/query'
import { sendPublicBody } from './http/publicResponse'
import { rateLimit } from './http/rateLimit'
import type { ApiEnv, ApiMiddleware } from './http/requestTypes'

type SearchParams = z.output<typeof search.query>
type SearchType = NonNullable<SearchParams['type']>

const KINDS: Record<SearchType, [SearchKind, ...SearchKind[]]> = { all: ['article', 'project'], article: ['article'], project: ['project'] }

// Every word (a phrase's words one by one: the database matches a phrase word by word) and every phrase costs the
// database a match; 20 quoted phrases took it 0.45 s.
const tooBig = (limit: number, what: string) =>
  new ApiError('VALIDATION_ERROR', `A search may have at most ${limit} ${what}`, [{ path: 'q', message: `must have at most ${limit} ${what}` }])

/** A search's query parameters as the route takes them; throws the 400 ApiError when they do not fit. */
const readSearchQuery = (query: Record<string, unknown>): SearchParams => {
  const params = parseQueryParams(search.query, query)
  const { words, phrases } = querySize(params.q)
  if (words > MAX_SEARCH_WORDS) throw tooBig(MAX_SEARCH_WORDS, 'words')
  if (phrases > MAX_SEARCH_PHRASES) throw tooBig(MAX_SEARCH_PHRASES, 'quoted phrases')
  return params
}

/**
 * The answer to a search, serialised: a search of words by the memory copy of the index, in its thread; a phrase, or
 * any search while there is no copy, by the database (a 503 ApiError where it has no index).
 */
const searchAnswer = async (payload: Payload, { q, type = 'all', page, limit }: SearchParams): Promise<PreparedBody> => {
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
const SEARCH_CACHE_TTL = 0

/**
 * GET /search: published articles and projects ranked by the full-text index, with highlighted snippets. Every
 * request takes a point of the client's `ratePerMinute` first (refused and invalid ones too, staff's too).
 */
export const searchRoutes = (payload: Payload, ratePerMinute: number): Hono<ApiEnv> => {
  // SEARCH_RATE_LIMIT=0 turns the limit off.
  const limited: ApiMiddleware =
    ratePerMinute > 0
      ? rateLimit(payload, { keyPrefix: 'search', perMinute: ratePerMinute, message: 'Too many searches; please wait a minute', blockInMemory: true })
      : (_c, next) => next()
  return new Hono<ApiEnv>().get('/', limited, async (c) =>
    sendPublicBody(c, { ttl: SEARCH_CACHE_TTL }, async () => searchAnswer(payload, readSearchQuery(c.req.queries()))),
  )
}
