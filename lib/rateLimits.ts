import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

import { DatabaseUnavailableError } from './db/databaseUnavailable'

export type LimiterOptions = {
  keyPrefix: string
  points: number
  duration: number
  blockDuration?: number
  /** Points after which this process refuses the key from memory for the rest of its window, without asking the store. */
  inMemoryBlockOnConsumed?: number
}

/**
 * Builds one limiter. The service's limiters are stored in its database (lib/coherence/sharedRateLimits.ts picks the
 * store), so they hold across processes; memory serves unit tests.
 */
export type CreateLimiter = (options: LimiterOptions) => RateLimiterAbstract

export const inMemoryLimiter: CreateLimiter = (options) => new RateLimiterMemory(options)

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * A limiter's rejection as a decision: a spent key is a refusal. A store that fails (the database cannot be reached,
 * is locked, or refused the statement) answers like any database outage, 503 with Retry-After: the limit is not
 * skipped (fail closed), and the request changes nothing.
 */
export const refusal = (rejection: unknown): RateDecision => {
  if (!(rejection instanceof RateLimiterRes)) throw rejection instanceof DatabaseUnavailableError ? rejection : new DatabaseUnavailableError(rejection)
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
}

/** Takes one point for `key`; refused once the key has spent its points in the current window. */
export const takePoint = (limiter: RateLimiterAbstract, key: string): Promise<RateDecision> =>
  limiter.consume(key).then(() => ({ allowed: true }) as const, refusal)
