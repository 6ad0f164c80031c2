import querystring from 'node:querystring'

import type { Payload } from 'payload'

import { readSearchQuery, SEARCH_CACHE_TTL, searchAnswer } from '../search'
import { type FastResponder, writeCachedResponse } from './cachedResponses'
import { preparePublicBody, responseKey } from './publicResponse'

const SEARCH_PATH = '/api/search?'

/**
 * Anonymous searches answered before Express. Each distinct search is a miss of the public cache (only a repeat of
 * the same address is a hit), so each went through Express's router and nine middlewares to reach the index: here
 * the query is read as Express reads it (`querystring`), the answer is prepared exactly as the route prepares it,
 * and written as the cache's fast path writes it. Anything the route would refuse or fail (a query that does not
 * fit, a `%00`, no index, a database error) goes on to Express, which answers it with its envelope.
 */
export const searchResponder =
  (payload: Payload, corsOrigins: string[]): FastResponder =>
  (req, res, pass) => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return false
    const url = req.url ?? ''
    if (!url.startsWith(SEARCH_PATH) || /%00|\0/.test(url)) return false
    let params: ReturnType<typeof readSearchQuery>
    try {
      params = readSearchQuery(querystring.parse(url.slice(SEARCH_PATH.length)))
    } catch {
      return false
    }
    const answering = preparePublicBody(responseKey(url), { ttl: SEARCH_CACHE_TTL }, () => searchAnswer(payload, params))
    answering.then(
      (response) => writeCachedResponse(req, res, corsOrigins, response),
      () => pass(),
    )
    return true
  }
