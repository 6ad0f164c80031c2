import type { IncomingMessage, ServerResponse } from 'node:http'

import etag from 'etag'
import fresh from 'fresh'
import type { Payload } from 'payload'

import { countCachedArticleView } from '../articles'
import { countCachedDownload } from '../resources'
import { publicCacheControl } from './cacheControl'
import type { FastResponder } from './cachedResponses'
import { setCommonHeaders } from './commonHeaders'

/** Keys whose percent-decoding (what Express does to a path parameter) leaves them as they are. */
const ARTICLE_PATH = /^\/api\/articles\/([A-Za-z0-9._~-]+)$/
const DOWNLOAD_PATH = /^\/api\/resources\/(\d{1,15})\/download$/
/** Addresses Express's `res.location` (encodeurl) writes unchanged; any other goes through Express. */
const LOCATION_AS_IS = /^(?:[\x21\x23\x24\x26-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%[0-9A-Fa-f]{2})*$/

/** The article detail as the route's `res.send` writes it: a weak ETag over the body, an empty 304 when it matches. */
const writeArticle = (req: IncomingMessage, res: ServerResponse, corsOrigins: string[], body: string): void => {
  const bytes = Buffer.from(body)
  setCommonHeaders(res, req.headers.origin, corsOrigins)
  res.setHeader('Cache-Control', publicCacheControl(0))
  const tag = etag(bytes, { weak: true })
  res.setHeader('ETag', tag)
  if (fresh(req.headers, { etag: tag })) {
    res.statusCode = 304
    res.end()
    return
  }
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', bytes.length)
  res.end(bytes)
}

/** The download's 302 as Express's `res.redirect` writes it for a caller that accepts any type: a text body, no ETag. */
const writeRedirect = (req: IncomingMessage, res: ServerResponse, corsOrigins: string[], location: string): void => {
  const bytes = Buffer.from(`Found. Redirecting to ${location}`)
  setCommonHeaders(res, req.headers.origin, corsOrigins)
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Location', location)
  res.setHeader('Vary', 'Origin, Accept')
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', bytes.length)
  res.statusCode = 302
  res.end(bytes)
}

/**
 * Answers `counting` once it settles; when it fails or finds the record gone, the request goes on to Express
 * instead, which looks the record up again and answers it (a 404, or a 503 while the database is out) as the route
 * does. Nothing is written before then, so Express starts from a clean response.
 */
const answerWhenCounted = <Value,>(counting: Promise<Value | undefined>, write: (value: Value) => void, pass: () => void): true => {
  counting.then(
    (value) => (value === undefined ? pass() : write(value)),
    () => pass(),
  )
  return true
}

/**
 * The counted reads (an article's detail, +1 view; a resource's download, +1) of anonymous callers whose record the
 * public cache holds, answered before Express: the count is written by the same group commit as the route's, and
 * the answer is the route's, header for header. Express's routing and response helpers cost more than the rest of
 * such a request. Anything else (a token, a query string, an encoded key, `HEAD`, a record not cached yet, a
 * download asked for a type other than any) goes on to Express.
 */
export const countedResponder =
  (payload: Payload, corsOrigins: string[]): FastResponder =>
  (req, res, pass) => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return false
    const url = req.url ?? ''
    const article = ARTICLE_PATH.exec(url)
    if (article) {
      const counting = countCachedArticleView(payload, article[1]!)
      return counting !== undefined && answerWhenCounted(counting, (body) => writeArticle(req, res, corsOrigins, body), pass)
    }
    const download = DOWNLOAD_PATH.exec(url)
    if (download) {
      const accept = req.headers.accept
      if (accept !== undefined && accept !== '*/*') return false
      const counting = countCachedDownload(payload, Number(download[1]), (fileUrl) => LOCATION_AS_IS.test(fileUrl))
      return counting !== undefined && answerWhenCounted(counting, (fileUrl) => writeRedirect(req, res, corsOrigins, fileUrl), pass)
    }
    return false
  }
