import type { LoginThrottleSettings } from './loginThrottleSettings'
import { rateLimitKeyOf } from './rateLimitKey'
import { inMemoryLimiter, type RateDecision, refusal } from './rateLimits'

export type LoginAttempt = { email: string; ip: string }

export type LoginThrottle = {
  /** Counts an attempt before its password is checked; refused once the IP or the account-and-IP pair is spent. */
  attempt: (attempt: LoginAttempt) => Promise<RateDecision>
  /** A successful login gives its own attempt back and clears that account's failures from that IP. */
  succeeded: (attempt: LoginAttempt) => Promise<void>
}

/**
 * Two limits on password logins. Per client IP across all accounts (spraying many emails from one address), and per
 * account and IP (guessing one account's password), which replaces Payload's per-account lockout: a stranger can
 * lock an account only for their own address, never for its owner elsewhere. Each attempt takes a point before the
 * password check, so a parallel burst cannot slip past; a success gives it back, so only failures add up. An IPv6
 * client counts by its /64 in both (rateLimitKeyOf).
 */
export const createLoginThrottle = (settings: LoginThrottleSettings, createLimiter = inMemoryLimiter): LoginThrottle => {
  const perIp = createLimiter({ keyPrefix: 'login-ip', points: settings.perIpLimit, duration: settings.ipWindowSeconds })
  const perAccountAndIp = createLimiter({
    keyPrefix: 'login-account-ip',
    points: settings.perAccountLimit,
    duration: settings.lockSeconds,
    blockDuration: settings.lockSeconds,
  })
  const ipKey = ({ ip }: LoginAttempt) => rateLimitKeyOf(ip)
  const accountKey = (attempt: LoginAttempt) => JSON.stringify([attempt.email.trim().toLowerCase(), ipKey(attempt)])

  return {
    attempt: async (attempt) => {
      try {
        await perIp.consume(ipKey(attempt))
        await perAccountAndIp.consume(accountKey(attempt))
        return { allowed: true }
      } catch (rejection) {
        return refusal(rejection)
      }
    },
    succeeded: async (attempt) => {
      await perIp.reward(ipKey(attempt), 1)
      await perAccountAndIp.delete(accountKey(attempt))
    },
  }
}
