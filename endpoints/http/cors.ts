import type { ApiMiddleware } from './requestTypes'

const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match, X-Visitor-Id'
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'

/**
 * The CORS headers of a response to `origin`, when it is one of the allowed origins (`*` allows any); none
 * otherwise. Bearer tokens travel in a header, not a cookie, so credentials are never allowed.
 */
export const corsHeaders = (origin: string | undefined, allowedOrigins: string[]): Record<string, string> | undefined => {
  const anyOrigin = allowedOrigins.includes('*')
  if (!origin || !(anyOrigin || allowedOrigins.includes(origin))) return undefined
  return { 'Access-Control-Allow-Origin': anyOrigin ? '*' : origin, 'Access-Control-Expose-Headers': 'ETag, Retry-After, X-Request-Id' }
}

/** Answers a CORS preflight from an allowed origin with 204 (the common headers are already set). */
export const answerPreflight =
  (allowedOrigins: string[]): ApiMiddleware =>
  async (c, next) => {
    if (c.req.method !== 'OPTIONS' || !corsHeaders(c.req.header('origin'), allowedOrigins)) return next()
    c.header('Access-Control-Allow-Methods', ALLOWED_METHODS)
    c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
    c.header('Access-Control-Max-Age', '600')
    return c.body(null, 204)
  }
