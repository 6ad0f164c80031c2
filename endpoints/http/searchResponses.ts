import querystring from 'node:querystring'

import type { Payload } from 'payload'

import type { ServiceEnv } from '../../lib/env'
import { readSearchQuery, SEARCH_CACHE_TTL, searchAnswer } from '../search'
import { type FastResponder, writeCachedResponse } from './cachedResponses'
import { clientAddressOf } from './clientAddress'
import { preparePublicBody, responseKey } from './publicResponse'
import { admitSearch } from './searchRateLimit'

const SEARCH_PATH = '/api/search?'

/**
 * Anonymous searches answered before Express. Each distinct search is a miss of the public cache (only a repeat of
 * the same address is a hit), so each went through Express's router and nine middlewares to reach the index: here
 * the query is read as Express reads it (`querystring`), the client's search rate is taken from the same budget
 * the route takes it from, the answer is prepared exactly as the route prepares it, and written as the cache's fast
 * path writes it. Anything the route would refuse or fail (a query that does not fit, a `%00`, a spent rate, no
 * index, a database error) goes on to Express, which answers it with its envelope (without counting it again).
 */
export const searchResponder =
  (payload: Payload, { corsOrigins, searchRateLimit, trustProxy }: Pick<ServiceEnv, 'corsOrigins' | 'searchRateLimit' | 'trustProxy'>): FastResponder =>
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
    const answering = admitSearch(payload, searchRateLimit, req, clientAddressOf(req, trustProxy)).then((decision) =>
      decision.allowed ? preparePublicBody(responseKey(url), { ttl: SEARCH_CACHE_TTL }, () => searchAnswer(payload, params)) : undefined,
    )
    answering.then(
      (response) => (response ? writeCachedResponse(req, res, corsOrigins, response) : pass()),
      () => pass(),
    )
    return true
  }
