import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Payload, PayloadRequest, SanitizedConfig } from 'payload'

import { clientIpOf } from './clientIp'
import { limiterFactoryOf } from './coherence/sharedRateLimits'
import { ForgotPasswordLimitedError } from './forgotPasswordLimitedError'
import { FORGOT_PASSWORD_WINDOW_SECONDS, forgotPasswordLimitOf } from './loginThrottleSettings'
import { rateLimitKeyOf } from './rateLimitKey'
import { takePoint } from './rateLimits'

const limiters = new WeakMap<SanitizedConfig, RateLimiterAbstract>()

/** One limiter per service (its config), built on first use (the shared store is ready by then). */
const limiterOf = (payload: Payload): RateLimiterAbstract => {
  let limiter = limiters.get(payload.config)
  if (!limiter) {
    limiter = limiterFactoryOf(payload)({
      keyPrefix: 'forgot-password-ip',
      points: forgotPasswordLimitOf(payload.config.custom),
      duration: FORGOT_PASSWORD_WINDOW_SECONDS,
    })
    limiters.set(payload.config, limiter)
  }
  return limiter
}

/**
 * Counts a forgot-password request against its client IP (by /64 for IPv6), whatever the email, and throws a 429
 * with Retry-After once the IP has spent FORGOT_PASSWORD_RATE_LIMIT in 15 minutes. Local API calls by server code
 * carry no client address and are not counted.
 */
export const limitForgotPassword = async (req: PayloadRequest): Promise<void> => {
  const ip = clientIpOf(req)
  if (!ip) return
  const decision = await takePoint(limiterOf(req.payload), rateLimitKeyOf(ip))
  if (decision.allowed) return
  // Payload's REST and GraphQL handlers copy these onto their error answers.
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(decision.retryAfterSeconds))
  throw new ForgotPasswordLimitedError(decision.retryAfterSeconds)
}
