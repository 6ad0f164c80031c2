import type { Payload } from 'payload'

import { limiterFactoryOf } from '../../lib/coherence/sharedRateLimits'
import { rateLimitKeyOf } from '../../lib/rateLimitKey'
import { takePoint } from '../../lib/rateLimits'
import { ApiError } from './apiError'
import type { ApiMiddleware } from './requestTypes'

const RATE_WINDOW_SECONDS = 60

export type RateLimitOptions = {
  /** Names the budget in the shared limits table. */
  keyPrefix: string
  perMinute: number
  /** The 429's message. */
  message: string
  /**
   * Refuse a client past its budget from memory until its minute is over: a flood from one address then costs the
   * shared store (on SQLite, its one writer) nothing more.
   */
  blockInMemory?: boolean
}

/**
 * Takes one point of the client's budget (per minute, counted by rateLimitKeyOf in the shared store, so every
 * process on the database spends one budget) before the route reads the request: refused and invalid requests
 * count too. A spent budget is a 429 with Retry-After; a store failure rejects like any (a 503).
 */
export const rateLimit = (payload: Payload, { keyPrefix, perMinute, message, blockInMemory = false }: RateLimitOptions): ApiMiddleware => {
  const limiter = limiterFactoryOf(payload)({
    keyPrefix,
    points: perMinute,
    duration: RATE_WINDOW_SECONDS,
    ...(blockInMemory ? { inMemoryBlockOnConsumed: perMinute + 1 } : {}),
  })
  return async (c, next) => {
    const decision = await takePoint(limiter, rateLimitKeyOf(c.get('clientIp')))
    if (!decision.allowed) throw new ApiError('RATE_LIMITED', message, undefined, { 'Retry-After': String(decision.retryAfterSeconds) })
    await next()
  }
}
