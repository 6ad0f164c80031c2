import type { ApiContext } from './requestTypes'
import { respond, setHeader } from './responseHeaders'

const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match, X-Visitor-Id'
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'

/**
 * The CORS headers (lower-case, as responseHeaders.ts keeps them) of a response to `origin`, when it is one of the
 * allowed origins (`*` allows any); none otherwise. Bearer tokens travel in a header, not a cookie, so credentials
 * are never allowed.
 */
export const corsHeaders = (origin: string | undefined, allowedOrigins: string[]): Record<string, string> | undefined => {
  const anyOrigin = allowedOrigins.includes('*')
  if (!origin || !(anyOrigin || allowedOrigins.includes(origin))) return undefined
  return { 'access-control-allow-origin': anyOrigin ? '*' : origin, 'access-control-expose-headers': 'ETag, Retry-After, X-Request-Id' }
}

/** The 204 answering a CORS preflight from an allowed origin (the common headers are already set); undefined for other requests. */
export const preflightAnswer = (c: ApiContext, allowedOrigins: string[]): Response | undefined => {
  if (c.req.method !== 'OPTIONS' || !corsHeaders(c.req.header('origin'), allowedOrigins)) return undefined
  setHeader(c, 'Access-Control-Allow-Methods', ALLOWED_METHODS)
  setHeader(c, 'Access-Control-Allow-Headers', ALLOWED_HEADERS)
  setHeader(c, 'Access-Control-Max-Age', '600')
  return respond(c, null, 204)
}
