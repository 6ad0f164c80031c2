import { randomBytes } from 'node:crypto'

import type { Request } from 'express'

import { ApiError } from './apiError'

/**
 * What a document built for any host holds in place of the request's host: a name under `.invalid` (reserved, RFC
 * 2606, so no request names it) with a random part no author can guess. Feeds and the sitemap are built once per
 * scheme with it, and the host is put in as they are sent, so a Host never seen before costs what a cached one does.
 */
export const HOST_STAND_IN = `host-${randomBytes(8).toString('hex')}.invalid`

// Hosts as URL parsing leaves them (lower case, punycode) that need no escaping in XML, HTML or JSON: a DNS name
// (`_` for names such as Docker's) or an IP literal, with a port. URL parsing lets `&`, `'` or `"` through.
const PLAIN_HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

/**
 * The scheme and host the client called: Express's `req.protocol` and `req.host`, which honour `X-Forwarded-Proto`
 * and `X-Forwarded-Host` only when TRUST_PROXY is on. A Host that is no plain host, or a scheme other than http(s),
 * is a 400.
 */
const requestUrl = (req: Request): URL => {
  let url: URL | undefined
  try {
    url = new URL(`${req.protocol}://${req.host}`)
  } catch {
    // reported below
  }
  if (!url || url.pathname !== '/' || url.search || url.hash || url.username || url.password || !PLAIN_HOST.test(url.host)) {
    throw new ApiError('VALIDATION_ERROR', 'The Host header does not name a host')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError('VALIDATION_ERROR', 'The request’s scheme is not http or https')
  return url
}

/**
 * The origin the client called with HOST_STAND_IN for its host (what a shared document is built with), and the
 * host to put in its place when it is sent.
 */
export const requestOriginTemplate = (req: Request): { origin: string; host: string } => {
  const url = requestUrl(req)
  return { origin: `${url.protocol}//${HOST_STAND_IN}`, host: url.host }
}
