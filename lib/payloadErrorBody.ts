/** An error as Payload's REST API writes one, the shape every door but `/api` answers in. */
export const payloadErrorBody = (message: string): { errors: [{ message: string }] } => ({ errors: [{ message }] })

/** Payload's own words for its two refusals (UnauthorizedError, Forbidden), as the doors answer them before Payload. */
export const NOT_LOGGED_IN = 'Unauthorized, you must be logged in to make this request.'
export const NOT_ALLOWED = 'You are not allowed to perform this action.'

/** 401 without a session, 403 with one that may not do this: what Payload answers, with its words. */
export const refusalFor = (user: unknown): Response =>
  user ? Response.json(payloadErrorBody(NOT_ALLOWED), { status: 403 }) : Response.json(payloadErrorBody(NOT_LOGGED_IN), { status: 401 })
