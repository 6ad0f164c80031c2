import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

export type LimiterOptions = { keyPrefix: string; points: number; duration: number; blockDuration?: number }

/** Builds one limiter. The one place that picks the store: memory for now, a shared database store later. */
export type CreateLimiter = (options: LimiterOptions) => RateLimiterAbstract

export const inMemoryLimiter: CreateLimiter = (options) => new RateLimiterMemory(options)

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** A limiter's rejection as a decision: a spent key is a refusal; a failing store is an error, thrown on. */
export const refusal = (rejection: unknown): RateDecision => {
  if (!(rejection instanceof RateLimiterRes)) throw rejection
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
}

/** Takes one point for `key`; refused once the key has spent its points in the current window. */
export const takePoint = (limiter: RateLimiterAbstract, key: string): Promise<RateDecision> =>
  limiter.consume(key).then(() => ({ allowed: true }) as const, refusal)
