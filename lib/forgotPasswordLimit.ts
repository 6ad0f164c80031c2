import type { PayloadRequest } from 'payload'

import { clientIpOf } from './clientIp'
import { limiterFactoryOf } from './coherence/sharedRateLimits'
import { FORGOT_PASSWORD_WINDOW_SECONDS, forgotPasswordLimitOf } from './loginThrottleSettings'
import { oncePerService, rateLimited } from './payloadRouteLimits'
import { rateLimitKeyOf } from './rateLimitKey'
import { takePoint } from './rateLimits'

export const FORGOT_PASSWORD_LIMITED_MESSAGE = 'Too many password reset requests; try again later'

const limiterOf = oncePerService((payload) =>
  limiterFactoryOf(payload)({
    keyPrefix: 'forgot-password-ip',
    points: forgotPasswordLimitOf(payload.config.custom),
    duration: FORGOT_PASSWORD_WINDOW_SECONDS,
  }),
)

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
  throw rateLimited(req, FORGOT_PASSWORD_LIMITED_MESSAGE, decision.retryAfterSeconds)
}
