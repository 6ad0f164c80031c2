import { computeOnce, publicCache } from '../../lib/publicCache'
import { setPublicCaching } from './cacheControl'
import { type PreparedBody, prepareData } from '../../lib/preparedBody'
import { sendPrepared } from './envelope'
import type { ApiContext } from './requestTypes'

export type PublicCaching = {
  /** Seconds an anonymous reader's found record or list total may be kept: only edits change them, and edits clear them. */
  recordTtl: number
  /** Seconds an anonymous answer that shows counters (views, downloads) may be kept: how long those may lag. */
  answerTtl: number
}

export type Produced = { data: unknown; meta?: Record<string, unknown> }

export type PublicReadOptions = {
  /** Seconds the prepared response is kept (0: never). */
  ttl: number
  /** Seconds browsers and CDNs may keep it (`Cache-Control`); 0 makes them revalidate with the ETag. */
  maxAge?: number
  /**
   * For payloads that are the same for every caller and every query string (home, skills): one prepared response
   * under this key, served to staff too (with `no-store`), and to any URL that reaches the route.
   */
  sharedKey?: string
  /**
   * The cache scope the answer is kept under, for an answer that shows only records of a collection declaring that
   * scope (lib/publicFields.ts, `cacheScopeOf`): a change to such a record clears only the scope.
   */
  scope?: string
  /**
   * What the answer depends on, as the route read and checked it: its path and query parameters. Given, the answer
   * is kept under the route and these values rather than the URL as sent (`?page=01`, `?page=1&x=2` and `?page=1`
   * share one), so a query string made up per request cannot make every request a rebuild.
   */
  inputs?: Record<string, unknown>
}

/** Where an anonymous GET's prepared response is kept when its route names no inputs: under its exact path and query. */
export const responseKey = (url: string): string => `response:${url}`

const answerKey = (c: ApiContext, inputs: Record<string, unknown> | undefined): string =>
  inputs ? `response:${c.req.routePath} ${JSON.stringify(inputs)}` : responseKey(pathAndQuery(c))

const weight = (response: PreparedBody) => response.json.length

const prepared = (produce: () => Promise<Produced>) => async (): Promise<PreparedBody> => {
  const { data, meta } = await produce()
  return prepareData(data, meta)
}

/** The path and query the client asked for, as the cache keys anonymous answers. */
export const pathAndQuery = (c: ApiContext): string => {
  const url = c.req.url
  return url.slice(url.indexOf('/', url.indexOf('//') + 2))
}

/**
 * Answers a public read with a body `prepare` serialises. An anonymous request gets a response prepared at most once
 * per `ttl` seconds for its URL (or, shared, for its key); any change made through Payload clears it at once. A request with a token (staff may see drafts) is prepared for its caller
 * and never stored.
 */
export const sendPublicBody = (
  c: ApiContext,
  { ttl, maxAge = 0, sharedKey, scope, inputs }: PublicReadOptions,
  prepare: () => Promise<PreparedBody>,
): Response | Promise<Response> => {
  const send = (body: PreparedBody) => {
    setPublicCaching(c, maxAge)
    return sendPrepared(c, body)
  }
  if (c.get('user') && !sharedKey) return prepare().then(send)
  const key = sharedKey ?? answerKey(c, inputs)
  // A hit is answered in the same turn: no promise between the request and its answer.
  const hit = publicCache.get<PreparedBody>(key, scope)
  return hit ? send(hit) : computeOnce(key, ttl, prepare, weight, scope).then(send)
}

/** `sendPublicBody` for an answer produced as data: the same bytes and ETag as `sendData` would send. */
export const sendPublicRead = (c: ApiContext, options: PublicReadOptions, produce: () => Promise<Produced>): Response | Promise<Response> =>
  sendPublicBody(c, options, prepared(produce))
