import express, { type RequestHandler } from 'express'

import { ApiError } from './apiError'

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')

/**
 * JSON bodies only: a POST/PUT/PATCH carrying a body must say `Content-Type: application/json` (else 415) and stay
 * under `limit` (else 413); malformed JSON is a 400. A request without a body gets `{}`. A body already parsed
 * by a route-specific jsonBody (with its own limit) is left as it is.
 */
export const jsonBody = (limit: string): RequestHandler => {
  const parse = express.json({ limit, strict: false, type: () => true })
  return (req, res, next) => {
    if (!['POST', 'PUT', 'PATCH'].includes(req.method) || req.body !== undefined) return next()
    if (!hasBody(req.headers)) {
      req.body = {}
      return next()
    }
    if (!req.is('application/json')) {
      return next(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json)'))
    }
    parse(req, res, next)
  }
}
