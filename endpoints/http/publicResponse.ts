import type { Request, Response } from 'express'

import { cached, publicCache } from '../../lib/publicCache'
import { PRIVATE_CACHE_CONTROL, publicCacheControl, setPublicCaching } from './cacheControl'
import { type PreparedBody, prepareData, sendPrepared } from './envelope'

/** An anonymous response prepared once: what the fast path in front of Express (cachedResponses.ts) writes. */
export type CachedResponse = PreparedBody & {
  cacheControl: string
  /** When it stops being served (a `Date.now()` time). */
  expires: number
  /** The cache generation it was computed in: an alias may only be stored while no clear has happened since. */
  generation: number
}

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
}

/** Where an anonymous GET's prepared response is kept: under its exact request URL, as the fast path reads it. */
export const responseKey = (url: string): string => `response:${url}`

const weight = (response: CachedResponse) => response.json.length

/**
 * The anonymous answer kept under `key`, prepared by `prepare` at most once per `ttl` seconds (and once at a time):
 * what `sendPublicBody` sends and the fast paths in front of Express write.
 */
export const preparePublicBody = (
  key: string,
  { ttl, maxAge = 0 }: Pick<PublicReadOptions, 'ttl' | 'maxAge'>,
  prepare: () => Promise<PreparedBody>,
): Promise<CachedResponse> =>
  cached(
    key,
    ttl,
    async (): Promise<CachedResponse> => {
      const generation = publicCache.generation()
      return { ...(await prepare()), cacheControl: publicCacheControl(maxAge), expires: Date.now() + ttl * 1000, generation }
    },
    weight,
  )

const prepared = (produce: () => Promise<Produced>) => async (): Promise<PreparedBody> => {
  const { data, meta } = await produce()
  return prepareData(data, meta)
}

/** `preparePublicBody` for an answer produced as data. */
export const preparePublicAnswer = (key: string, options: Pick<PublicReadOptions, 'ttl' | 'maxAge'>, produce: () => Promise<Produced>): Promise<CachedResponse> =>
  preparePublicBody(key, options, prepared(produce))

/**
 * Answers a public read with a body `prepare` serialises. An anonymous request gets a response prepared at most once
 * per `ttl` seconds for its URL, which the fast path then serves without reaching Express; any change made through
 * Payload clears it at once. A request with a token (staff may see drafts) is prepared for its caller and never stored.
 */
export const sendPublicBody = async (
  req: Request,
  res: Response,
  { ttl, maxAge = 0, sharedKey }: PublicReadOptions,
  prepare: () => Promise<PreparedBody>,
): Promise<void> => {
  if (req.user && !sharedKey) {
    const body = await prepare()
    setPublicCaching(req, res, maxAge)
    sendPrepared(res, body)
    return
  }
  const urlKey = responseKey(req.originalUrl)
  const response = await preparePublicBody(sharedKey ?? urlKey, { ttl, maxAge }, prepare)
  if (sharedKey && !req.user && response.generation === publicCache.generation() && !publicCache.get(urlKey)) {
    publicCache.set(urlKey, response, response.expires, weight(response))
  }
  res.setHeader('Cache-Control', req.user ? PRIVATE_CACHE_CONTROL : response.cacheControl)
  sendPrepared(res, response)
}

/** `sendPublicBody` for an answer produced as data: the same bytes and ETag as `sendData` would send. */
export const sendPublicRead = (req: Request, res: Response, options: PublicReadOptions, produce: () => Promise<Produced>): Promise<void> =>
  sendPublicBody(req, res, options, prepared(produce))
