import type { RequestHandler } from 'express'

const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match'
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'

/**
 * CORS for the origins in CORS_ORIGINS (`*` allows any). Bearer tokens travel in a header, not a cookie, so
 * credentials are never allowed. Preflights are answered here with 204.
 */
export const cors =
  (allowedOrigins: string[]): RequestHandler =>
  (req, res, next) => {
    const origin = req.headers.origin
    const anyOrigin = allowedOrigins.includes('*')
    res.vary('Origin')
    if (origin && (anyOrigin || allowedOrigins.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin)
      res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After, X-Request-Id')
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS)
        res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        res.setHeader('Access-Control-Max-Age', '600')
        res.status(204).end()
        return
      }
    }
    next()
  }
