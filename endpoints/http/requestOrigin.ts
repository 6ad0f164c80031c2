import { randomBytes } from 'node:crypto'


import { ApiError } from './apiError'
import type { ApiContext } from './requestTypes'

/**
 * What a document built for any host holds in place of the request's host: a name under `.invalid` (reserved, RFC
 * 2606, so no request names it) with a random part no author can guess. Feeds and the sitemap are built once per
 * scheme with it, and the host is put in as they are sent, so a Host never seen before costs what a cached one does.
 */
export const HOST_STAND_IN = `host-${randomBytes(8).toString('hex')}.invalid`

// Hosts as URL parsing leaves them (lower case, punycode) that need no escaping in XML, HTML or JSON: a DNS name
// (`_` for names such as Docker's) or an IP literal, with a port. URL parsing lets `&`, `'` or `"` through.
const PLAIN_HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

const firstForwarded = (c: ApiContext, name: string): string | undefined =>
  c.get('trustProxy')
    ? c.req
        .header(name)
        ?.split(',')[0]
        ?.trim() || undefined
    : undefined

/**
 * The scheme and host the client called, honouring `X-Forwarded-Proto` and `X-Forwarded-Host` only when TRUST_PROXY
 * is on. A Host that is no plain host, or a scheme other than http(s), is a 400.
 */
const requestUrl = (c: ApiContext): URL => {
  let url: URL | undefined
  try {
    const called = new URL(c.req.url)
    const protocol = firstForwarded(c, 'x-forwarded-proto') ?? called.protocol.slice(0, -1)
    const host = firstForwarded(c, 'x-forwarded-host') ?? c.req.header('host') ?? called.host
    url = new URL(`${protocol}://${host}`)
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
export const requestOriginTemplate = (c: ApiContext): { origin: string; host: string } => {
  const url = requestUrl(c)
  return { origin: `${url.protocol}//${HOST_STAND_IN}`, host: url.host }
}
