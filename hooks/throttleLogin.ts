import type { CollectionAfterLoginHook, CollectionBeforeOperationHook, PayloadRequest, SanitizedConfig } from 'payload'

import { clientIpOf } from '../lib/clientIpHeader'
import { createLoginThrottle, type LoginAttempt, type LoginThrottle } from '../lib/loginThrottle'
import { inMemoryLimiter } from '../lib/rateLimits'
import { LoginThrottledError } from '../lib/loginThrottledError'
import { loginThrottleSettingsOf } from '../lib/loginThrottleSettings'

const throttles = new WeakMap<SanitizedConfig, LoginThrottle>()

/** One throttle per service (its config), built on first use. */
const throttleOf = (config: SanitizedConfig): LoginThrottle => {
  let throttle = throttles.get(config)
  if (!throttle) {
    throttle = createLoginThrottle(loginThrottleSettingsOf(config.custom), inMemoryLimiter)
    throttles.set(config, throttle)
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
  const decision = await throttleOf(req.payload.config).attempt(attempt)
  if (decision.allowed) return args
  // Payload's REST and GraphQL handlers copy these onto their error answers.
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(decision.retryAfterSeconds))
  throw new LoginThrottledError(decision.retryAfterSeconds)
}

/** A successful login takes back its own counted attempt and clears the account's failures from that IP. */
export const releaseLoginAttempt: CollectionAfterLoginHook = async ({ req, user }) => {
  const attempt = attemptOf(req, (user as { email?: unknown }).email)
  if (attempt) await throttleOf(req.payload.config).succeeded(attempt)
  return user
}
