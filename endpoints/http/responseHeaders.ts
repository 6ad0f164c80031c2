import type { ApiContext } from './requestTypes'

/**
 * Every `/api` answer's headers, gathered as plain lower-case values and handed to one `Response`. Hono's
 * `c.header` keeps them in a `Headers`, which @hono/node-server copies back into an object for Node on every
 * answer: a measurable part of a cached read (bench/README.md, 2026-12-02 evening). Nothing in the app calls
 * `c.header`, `c.body` or `c.redirect`, whose headers these would not include.
 */
const headersOf = (c: ApiContext): Record<string, string> => {
  let headers = c.get('responseHeaders')
  if (!headers) {
    headers = {}
    c.set('responseHeaders', headers)
  }
  return headers
}

export const setHeader = (c: ApiContext, name: string, value: string): void => {
  headersOf(c)[name.toLowerCase()] = value
}

/** The answer, with every header set on this request so far. */
export const respond = (c: ApiContext, body: Uint8Array<ArrayBuffer> | string | null, status: number): Response =>
  new Response(body, { status, headers: headersOf(c) })

/** A redirect; a location outside Latin-1 is sent percent-encoded, as Hono's `c.redirect` sends it. */
export const redirect = (c: ApiContext, location: string, status: 301 | 302): Response => {
  setHeader(c, 'Location', /[^\x00-\xFF]/.test(location) ? encodeURI(location) : location)
  return respond(c, null, status)
}
