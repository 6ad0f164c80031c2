/** How failed logins are limited (see lib/loginThrottle.ts). */
export type LoginThrottleSettings = {
  /** Failed logins one client IP may make across all accounts in `ipWindowSeconds`. */
  perIpLimit: number
  ipWindowSeconds: number
  /** Failed logins on one account from one client IP before that pair is locked for `lockSeconds`. */
  perAccountLimit: number
  lockSeconds: number
}

export const LOGIN_IP_WINDOW_SECONDS = 15 * 60

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  perIpLimit: 20,
  ipWindowSeconds: LOGIN_IP_WINDOW_SECONDS,
  perAccountLimit: 5,
  lockSeconds: 10 * 60,
}

const KEYS = Object.keys(DEFAULT_LOGIN_THROTTLE) as (keyof LoginThrottleSettings)[]

const isLoginThrottleSettings = (value: unknown): value is LoginThrottleSettings =>
  typeof value === 'object' &&
  value !== null &&
  KEYS.every((key) => {
    const setting: unknown = (value as Record<string, unknown>)[key]
    return typeof setting === 'number' && Number.isInteger(setting) && setting > 0
  })

/**
 * The settings the composition root put in Payload's `config.custom.loginThrottle` (typed `any` by Payload, hence
 * the check), or the defaults.
 */
export const loginThrottleSettingsOf = (custom: Record<string, unknown> | undefined): LoginThrottleSettings => {
  const settings = custom?.loginThrottle
  return isLoginThrottleSettings(settings) ? settings : DEFAULT_LOGIN_THROTTLE
}

/** The settings from the service's environment (LOGIN_RATE_LIMIT, LOGIN_ACCOUNT_LIMIT, LOGIN_LOCK_SECONDS). */
export const loginThrottleSettingsFromEnv = (env: {
  loginRateLimit: number
  loginAccountLimit: number
  loginLockSeconds: number
}): LoginThrottleSettings => ({
  perIpLimit: env.loginRateLimit,
  ipWindowSeconds: LOGIN_IP_WINDOW_SECONDS,
  perAccountLimit: env.loginAccountLimit,
  lockSeconds: env.loginLockSeconds,
})

/** `POST /cms-api/users/forgot-password` requests one client IP may make per window (FORGOT_PASSWORD_RATE_LIMIT). */
export const DEFAULT_FORGOT_PASSWORD_LIMIT = 5
export const FORGOT_PASSWORD_WINDOW_SECONDS = 15 * 60

/** The limit the composition root put in `config.custom.forgotPasswordLimit`, or the default. */
export const forgotPasswordLimitOf = (custom: Record<string, unknown> | undefined): number => {
  const limit = custom?.forgotPasswordLimit
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_FORGOT_PASSWORD_LIMIT
}
