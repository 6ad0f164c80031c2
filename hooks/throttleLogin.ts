import type { CollectionAfterLoginHook, CollectionBeforeOperationHook, PayloadRequest } from 'payload'

import { clientIpOf } from '../lib/clientIp'
import { limiterFactoryOf } from '../lib/coherence/sharedRateLimits'
import { createLoginThrottle, type LoginAttempt } from '../lib/loginThrottle'
import { loginThrottleSettingsOf } from '../lib/loginThrottleSettings'
import { oncePerService, rateLimited } from '../lib/payloadRouteLimits'

export const LOGIN_THROTTLED_MESSAGE = 'Too many failed logins; try again later'

/** One throttle per service, stored in the service's database. */
const throttleOf = oncePerService((payload) => createLoginThrottle(loginThrottleSettingsOf(payload.config.custom), limiterFactoryOf(payload)))

/** Who is logging in from where; undefined for Local API calls by server code, which carry no client address. */
const attemptOf = (req: PayloadRequest, email: unknown): LoginAttempt | undefined => {
  const ip = clientIpOf(req)
  return ip ? { email: typeof email === 'string' ? email : '', ip } : undefined
}

/**
 * Counts every login attempt that came from a client (any door: /api, Payload's REST and GraphQL) before its password
 * is checked, and refuses it with 429 and Retry-After once the client IP or the account-and-IP pair is spent.
 */
export const throttleLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const attempt = attemptOf(req, args.data.email)
  if (!attempt) return args
  const decision = await throttleOf(req.payload).attempt(attempt)
  if (decision.allowed) return args
  throw rateLimited(req, LOGIN_THROTTLED_MESSAGE, decision.retryAfterSeconds)
}

/** A successful login takes back its own counted attempt and clears the account's failures from that IP. */
export const releaseLoginAttempt: CollectionAfterLoginHook = async ({ req, user }) => {
  const attempt = attemptOf(req, (user as { email?: unknown }).email)
  if (!attempt) return user
  // The login succeeded: a store that cannot take the attempt back leaves one failure counted, which is no reason to
  // refuse it.
  await throttleOf(req.payload)
    .succeeded(attempt)
    .catch((error: unknown) => req.payload.logger.warn({ err: error }, 'login throttle: could not give back a successful attempt'))
  return user
}
