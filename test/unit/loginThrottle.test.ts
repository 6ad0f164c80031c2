import { describe, expect, it } from 'vitest'
import { RateLimiterMemory } from 'rate-limiter-flexible'

import { DatabaseUnavailableError } from '../../lib/db/databaseUnavailable'
import { createLoginThrottle } from '../../lib/loginThrottle'
import type { CreateLimiter } from '../../lib/rateLimits'
import { DEFAULT_LOGIN_THROTTLE, loginThrottleSettingsOf } from '../../lib/loginThrottleSettings'

const settings = { perIpLimit: 4, ipWindowSeconds: 900, perAccountLimit: 2, lockSeconds: 60 }
const from = (ip: string, email = 'someone@example.com') => ({ email, ip })

const attempts = async (throttle: ReturnType<typeof createLoginThrottle>, list: { email: string; ip: string }[]) => {
  const decisions = []
  for (const attempt of list) decisions.push(await throttle.attempt(attempt))
  return decisions.map((decision) => decision.allowed)
}

describe('createLoginThrottle', () => {
  it('refuses an IP past its limit across emails, with the seconds left in the window', async () => {
    const throttle = createLoginThrottle(settings)
    const emails = ['a', 'b', 'c', 'd'].map((name) => from('10.0.0.1', `${name}@example.com`))
    expect(await attempts(throttle, emails)).toEqual([true, true, true, true])
    const refused = await throttle.attempt(from('10.0.0.1', 'e@example.com'))
    if (refused.allowed) throw new Error('expected a refusal')
    expect(refused.retryAfterSeconds).toBeGreaterThan(890)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900)
    expect((await throttle.attempt(from('10.0.0.2', 'e@example.com'))).allowed).toBe(true)
  })

  it('locks an account for one IP only, whatever the case and spacing of the email', async () => {
    const throttle = createLoginThrottle(settings)
    expect(await attempts(throttle, [from('10.0.0.1', 'Admin@Example.com'), from('10.0.0.1', ' admin@example.com')])).toEqual([true, true])
    const locked = await throttle.attempt(from('10.0.0.1', 'admin@example.com'))
    expect(locked).toEqual({ allowed: false, retryAfterSeconds: 60 })
    expect((await throttle.attempt(from('10.0.0.9', 'admin@example.com'))).allowed).toBe(true)
  })

  it('gives a successful attempt back and clears the account for that IP', async () => {
    const throttle = createLoginThrottle(settings)
    for (let n = 0; n < 10; n++) {
      expect((await throttle.attempt(from('10.0.0.1'))).allowed).toBe(true)
      await throttle.succeeded(from('10.0.0.1'))
    }
    expect(await attempts(throttle, [from('10.0.0.1'), from('10.0.0.1'), from('10.0.0.1')])).toEqual([true, true, false])
  })

  it('builds its limiters with the store it is given, and answers a store failure as an outage instead of allowing', async () => {
    const built: string[] = []
    const failing: CreateLimiter = (options) => {
      built.push(options.keyPrefix)
      const limiter = new RateLimiterMemory(options)
      limiter.consume = () => Promise.reject(new Error('store down'))
      return limiter
    }
    const throttle = createLoginThrottle(settings, failing)
    expect(built).toEqual(['login-ip', 'login-account-ip'])
    const failure = await throttle.attempt(from('10.0.0.1')).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(DatabaseUnavailableError)
    expect((failure as DatabaseUnavailableError).status).toBe(503)
    expect(((failure as Error).cause as Error).message).toBe('store down')
  })
})

describe('loginThrottleSettingsOf', () => {
  it('reads the settings the composition root put in config.custom, else the defaults', () => {
    expect(loginThrottleSettingsOf({ loginThrottle: settings })).toEqual(settings)
    expect(loginThrottleSettingsOf(undefined)).toEqual(DEFAULT_LOGIN_THROTTLE)
    expect(loginThrottleSettingsOf({ loginThrottle: { ...settings, perIpLimit: '4' } })).toEqual(DEFAULT_LOGIN_THROTTLE)
  })
})
