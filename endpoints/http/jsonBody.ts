import express, { type RequestHandler } from 'express'

import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nulCharacters'
import { firstPathWhere } from '../../lib/valuePaths'
import { ApiError } from './apiError'

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')

/**
 * Where a `__proto__` key sits in a parsed body, if anywhere. JSON.parse keeps it as an own property, but any later
 * copy by assignment (zod's record parsing, a spread into a plain object) turns it into that object's prototype: the
 * key would vanish instead of being refused as an unknown field.
 */
const protoKeyPath = (body: unknown): string | undefined => {
  const keys = firstPathWhere(body, (found) => found !== null && typeof found === 'object' && Object.hasOwn(found, '__proto__'))
  return keys && [...keys, '__proto__'].join('.')
}

/**
 * JSON bodies only: a POST/PUT/PATCH carrying a body must say `Content-Type: application/json` (else 415) and stay
 * under `limit` (else 413); malformed JSON is a 400, and so is a `__proto__` key or a U+0000 at any depth. A request without a
 * body gets `{}`. A body already parsed by a route-specific jsonBody (with its own limit) is left as it is.
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
    parse(req, res, (error?: unknown) => {
      if (error) return next(error)
      const path = protoKeyPath(req.body)
      if (path) return next(new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path, message: 'Unrecognized key: "__proto__"' }]))
      const nulPath = nulCharacterPath(req.body)
      if (nulPath !== undefined) return next(new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: nulPath || '(body)', message: NUL_MESSAGE }]))
      next()
    })
  }
}
