import { APIError } from 'payload'

export const LOGIN_THROTTLED_MESSAGE = 'Too many failed logins; try again later'

/** A login refused by the login throttle: 429 on Payload's REST and GraphQL, RATE_LIMITED on /api. */
export class LoginThrottledError extends APIError {
  constructor(readonly retryAfterSeconds: number) {
    super(LOGIN_THROTTLED_MESSAGE, 429, { retryAfterSeconds }, true)
  }
}
