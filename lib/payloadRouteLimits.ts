import { APIError, type Payload, type PayloadRequest, type SanitizedConfig } from 'payload'

/** `build(payload)` made once per service (its config), on its first request: the shared limits store is ready by then. */
export const oncePerService = <T>(build: (payload: Payload) => T): ((payload: Payload) => T) => {
  const built = new WeakMap<SanitizedConfig, T>()
  return (payload) => {
    let value = built.get(payload.config)
    if (value === undefined) {
      value = build(payload)
      built.set(payload.config, value)
    }
    return value
  }
}

/** A request over a limit of one of Payload's own routes (login, forgot-password): 429 on REST and GraphQL. */
export class RateLimitedError extends APIError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429, { retryAfterSeconds }, true)
  }
}

/** The 429 to throw for `req`, its Retry-After set on the request: Payload's REST and GraphQL handlers copy it onto their error answers. */
export const rateLimited = (req: PayloadRequest, message: string, retryAfterSeconds: number): RateLimitedError => {
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(retryAfterSeconds))
  return new RateLimitedError(message, retryAfterSeconds)
}
