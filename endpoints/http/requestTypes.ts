import type { Context, MiddlewareHandler } from 'hono'
import type { TypedUser } from 'payload'

export type ApiUser = TypedUser & { _sid?: string; collection: string }

/** What the `/api` app's middleware leaves on each request's context for the routes. */
export type ApiVariables = {
  /** Set by startCommonHeaders: the id a 500's log line carries too. */
  requestId: string
  /** Set by authenticate: the bearer token's user, or null for anonymous callers. */
  user: ApiUser | null
  /** Set by readJsonBody on POST/PUT/PATCH: the parsed JSON body, `{}` when none was sent. */
  body: unknown
  /** The client's address under the TRUST_PROXY rule. */
  clientIp: string
  /** TRUST_PROXY: whether `X-Forwarded-*` headers name the client's address, scheme and host. */
  trustProxy: boolean
  /** The answer's headers so far (endpoints/http/responseHeaders.ts). */
  responseHeaders: Record<string, string>
}

export type ApiEnv = { Variables: ApiVariables }
export type ApiContext = Context<ApiEnv>
export type ApiMiddleware = MiddlewareHandler<ApiEnv>
