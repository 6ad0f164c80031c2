import type { Payload } from 'payload'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'

import { limiterFactoryOf } from '../../lib/coherence/sharedRateLimits'
import { rateLimitKeyOf } from '../../lib/rateLimitKey'
import { type RateDecision, takePoint } from '../../lib/rateLimits'
import { ApiError } from './apiError'

const RATE_WINDOW_SECONDS = 60

const limiters = new WeakMap<Payload, RateLimiterAbstract>()

const limiterOf = (payload: Payload, ratePerMinute: number): RateLimiterAbstract => {
  let limiter = limiters.get(payload)
  if (!limiter) {
    // A client past its budget is refused from memory until its minute is over: a flood from one address then
    // costs the shared store (on SQLite, its one writer) nothing more.
    limiter = limiterFactoryOf(payload)({
      keyPrefix: 'search',
      points: ratePerMinute,
      duration: RATE_WINDOW_SECONDS,
      inMemoryBlockOnConsumed: ratePerMinute + 1,
    })
    limiters.set(payload, limiter)
  }
  return limiter
}

/**
 * Takes one point of the client's SEARCH_RATE_LIMIT (per minute, counted by rateLimitKeyOf in the shared store, so
 * every process on the database spends one budget). 0 turns the limit off. Rejects like any store failure (a 503).
 */
export const admitSearch = (payload: Payload, ratePerMinute: number, clientIp: string): Promise<RateDecision> =>
  ratePerMinute <= 0 ? Promise.resolve({ allowed: true }) : takePoint(limiterOf(payload, ratePerMinute), rateLimitKeyOf(clientIp))

/** The 429 a refused search is answered with. */
export const searchRateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError('RATE_LIMITED', 'Too many searches; please wait a minute', undefined, { 'Retry-After': String(retryAfterSeconds) })
