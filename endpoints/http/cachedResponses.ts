import type { IncomingMessage, ServerResponse } from 'node:http'

import fresh from 'fresh'

import { publicCache } from '../../lib/publicCache'
import { setCommonHeaders } from './commonHeaders'
import { type CachedResponse, responseKey } from './publicResponse'

/**
 * A Node request listener in front of Express: it takes the request and returns true (answering it, or handing it
 * on with `pass` later when it cannot), or leaves it untouched and returns false.
 */
export type FastResponder = (req: IncomingMessage, res: ServerResponse, pass: () => void) => boolean

/** Writes a prepared anonymous answer as its route does, header for header; an empty 304 when the ETag matches. */
export const writeCachedResponse = (req: IncomingMessage, res: ServerResponse, corsOrigins: string[], response: CachedResponse): void => {
  setCommonHeaders(res, req.headers.origin, corsOrigins)
  res.setHeader('Cache-Control', response.cacheControl)
  res.setHeader('ETag', response.etag)
  if (fresh(req.headers, { etag: response.etag })) {
    res.statusCode = 304
    res.end()
    return
  }
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', response.json.length)
  res.end(req.method === 'HEAD' ? undefined : response.json)
}

/**
 * Serves anonymous `GET`/`HEAD` requests whose response the `/api` routes have prepared (see publicResponse.ts)
 * straight from the public cache, before Express: on a cache hit, Express's routing and response helpers cost
 * several times what writing the bytes does. The response is the one the route writes, header for header:
 * request id, `nosniff`, `Vary: Origin` and CORS, `Cache-Control`, the ETag, and an empty 304 when it matches.
 * Everything else (a token, another method, a miss) goes on to Express.
 */
export const cachedResponder =
  (apiPrefix: string, corsOrigins: string[]): FastResponder =>
  (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization !== undefined) return false
    const url = req.url ?? ''
    if (!url.startsWith(apiPrefix)) return false
    const response = publicCache.get<CachedResponse>(responseKey(url))
    if (!response) return false
    writeCachedResponse(req, res, corsOrigins, response)
    return true
  }
