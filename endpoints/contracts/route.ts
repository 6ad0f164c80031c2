import type { z } from 'zod'

import { errorEnvelope } from './envelope'

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'

/** Who may call a route: anyone; anyone, with more for a token (drafts for staff); a signed-in user; staff only. */
export type RouteAccess = 'public' | 'token-aware' | 'signed-in' | 'staff'

/** One answer a route gives: JSON in the envelope, a document (a feed, a sitemap), or none (redirects, 304). */
export type RouteResponse = {
  description: string
  json?: z.ZodType
  /** A non-JSON body: its media type and, for JSON documents (JSON Feed), a schema. */
  document?: { contentType: string; schema?: z.ZodType }
  headers?: Record<string, string>
}

/**
 * One route of `/api`, described once: what the router validates its input with (`params`, `query`, `headers`,
 * `body`), what it answers with (`responses`, keyed by status), and what the OpenAPI document says about it.
 */
export type ApiRoute = {
  method: HttpMethod
  /** Below `/api`, with OpenAPI's `{name}` placeholders: `/articles/{key}`. */
  path: string
  operationId: string
  tag: string
  summary: string
  description?: string
  access: RouteAccess
  params?: z.ZodObject
  query?: z.ZodObject
  headers?: z.ZodObject
  body?: z.ZodType
  responses: Record<number, RouteResponse>
}

export const defineRoute = <Route extends ApiRoute>(route: Route): Route => route

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `details` names each problem',
  401: 'The token is not valid (a missing one is fine on public routes), or a route needs one; for login, a wrong email or password',
  403: 'Signed in, but not allowed',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflicts with an existing record',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many requests: `Retry-After` says when to try again',
  500: 'Unexpected error on the server',
  503: 'The database cannot be reached (or the service is shutting down): `Retry-After` says when to try again',
}

/** Error answers in the envelope, by status. */
export const errors = (...statuses: number[]): Record<number, RouteResponse> =>
  Object.fromEntries(statuses.map((status) => [status, { description: ERROR_DESCRIPTIONS[status] ?? 'Error', json: errorEnvelope }]))

const hasBody = (method: HttpMethod) => method === 'post' || method === 'put'

/**
 * What any route may answer besides its own: 400 (a query with a NUL character is refused everywhere), 401 (a token
 * that is not valid is refused, never read as no token), 500, 503; 413 and 415 where a body is read; for reads a
 * 304 to a conditional request whose ETag still matches.
 */
const NOT_MODIFIED: Record<number, RouteResponse> = { 304: { description: 'Not modified: the `If-None-Match` ETag still matches' } }

export const responsesOf = (route: Pick<ApiRoute, 'method' | 'responses'>): Record<number, RouteResponse> => ({
  ...(route.method === 'get' ? NOT_MODIFIED : {}),
  ...errors(400, 401, 500, 503, ...(hasBody(route.method) ? [413, 415] : [])),
  ...route.responses,
})
