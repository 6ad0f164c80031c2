import { APIError } from 'payload'

export const FORGOT_PASSWORD_LIMITED_MESSAGE = 'Too many password reset requests; try again later'

/** A forgot-password request over FORGOT_PASSWORD_RATE_LIMIT: 429 with Retry-After on Payload's REST and GraphQL. */
export class ForgotPasswordLimitedError extends APIError {
  constructor(readonly retryAfterSeconds: number) {
    super(FORGOT_PASSWORD_LIMITED_MESSAGE, 429, { retryAfterSeconds }, true)
  }
}
