import type { ErrorRequestHandler } from 'express'
import { APIError, type Payload, ValidationError } from 'payload'
import { ZodError } from 'zod'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/db/databaseUnavailable'
import { ApiError } from './apiError'
import { errorBody } from './envelope'
import { zodDetails } from './validation'

type BodyParserError = Error & { type?: string; status?: number; errno?: number }

const fromBodyParser = (error: BodyParserError): ApiError | undefined => {
  // A gzip, deflate or br body that does not inflate: body-parser passes zlib's error on as a 400 without a type.
  if (error.type === undefined && error.status === 400 && typeof error.errno === 'number') {
    return new ApiError('VALIDATION_ERROR', 'Request body could not be decompressed')
  }
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large')
    case 'entity.parse.failed':
      return new ApiError('VALIDATION_ERROR', 'Request body is not valid JSON')
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request body encoding is not supported')
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError('VALIDATION_ERROR', 'Request body could not be read')
    default:
      return undefined
  }
}

const databaseUnavailable = () =>
  new ApiError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  })

type PayloadFieldError = { path?: string; message?: string }

/** Payload's own refusals from the Local API, in the envelope's terms. Anything 5xx stays an internal error. */
const fromPayload = (error: APIError): ApiError | undefined => {
  if (error instanceof ValidationError) {
    const fields = ((error.data as { errors?: PayloadFieldError[] } | undefined)?.errors ?? []).map((field) => ({
      path: field.path ?? '(body)',
      message: field.message ?? 'is invalid',
    }))
    return new ApiError('VALIDATION_ERROR', 'Invalid request', fields)
  }
  switch (error.status) {
    case 400:
      return new ApiError('VALIDATION_ERROR', error.message)
    case 401:
      return new ApiError('UNAUTHORIZED', 'Not logged in')
    case 403:
      return new ApiError('FORBIDDEN', 'Not allowed')
    case 404:
      return new ApiError('NOT_FOUND', 'Resource not found')
    case 409:
      return new ApiError('CONFLICT', error.message)
    case 503:
      return databaseUnavailable()
    default:
      return undefined
  }
}

/** Normalises anything thrown in a route to an ApiError; unknown errors become INTERNAL. */
export const toApiError = (error: unknown): ApiError | undefined => {
  if (error instanceof ApiError) return error
  if (isDatabaseUnavailable(error)) return databaseUnavailable()
  if (error instanceof ZodError) return new ApiError('VALIDATION_ERROR', 'Invalid request', zodDetails(error))
  if (error instanceof APIError) return fromPayload(error)
  // The router could not decode a path parameter (`/api/articles/%ff`).
  if (error instanceof URIError) return new ApiError('VALIDATION_ERROR', 'Request path is not valid percent-encoding')
  if (error instanceof Error) return fromBodyParser(error as BodyParserError)
  return undefined
}

/**
 * The only place error responses are written. A 500 is logged with its request id and says nothing about why.
 * `onError` sees every error first (the router reports unreachable-database errors to the outage monitor there).
 */
export const createErrorHandler =
  (logger: Payload['logger'], onError: (error: unknown) => void = () => {}): ErrorRequestHandler =>
  (error, req, res, _next) => {
    onError(error)
    const apiError = toApiError(error)
    if (res.headersSent) {
      logger.error({ err: error, requestId: req.requestId }, 'error after the response started')
      res.end()
      return
    }
    if (apiError) {
      if (apiError.headers) res.set(apiError.headers)
      res.status(apiError.status).json(errorBody(apiError.code, apiError.message, apiError.details))
      return
    }
    logger.error({ err: error, requestId: req.requestId, method: req.method, url: req.originalUrl }, 'unhandled error')
    res.status(500).json(errorBody('INTERNAL', `Internal server error (request id ${req.requestId})`))
  }
