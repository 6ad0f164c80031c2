import type { CollectionAfterLoginHook, CollectionBeforeOperationHook, Payload, PayloadRequest, SanitizedConfig } from 'payload'

import { clientIpOf } from '../lib/clientIp'
import { limiterFactoryOf } from '../lib/coherence/sharedRateLimits'
import { createLoginThrottle, type LoginAttempt, type LoginThrottle } from '../lib/loginThrottle'
import { LoginThrottledError } from '../lib/loginThrottledError'
import { loginThrottleSettingsOf } from '../lib/loginThrottleSettings'

const throttles = new WeakMap<SanitizedConfig, LoginThrottle>()

/** One throttle per service (its config), built on first use, stored in the service's database. */
const throttleOf = (payload: Payload): LoginThrottle => {
  let throttle = throttles.get(payload.config)
  if (!throttle) {
    throttle = createLoginThrottle(loginThrottleSettingsOf(payload.config.custom), limiterFactoryOf(payload))
    throttles.set(payload.config, throttle)
  }
  return throttle
}

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
  // Payload's REST and GraphQL handlers copy these onto their error answers.
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(decision.retryAfterSeconds))
  throw new LoginThrottledError(decision.retryAfterSeconds)
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
