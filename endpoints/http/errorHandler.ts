import type { ErrorHandler, NotFoundHandler } from 'hono'
import { APIError, type Payload, ValidationError } from 'payload'
import { ZodError } from 'zod'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/db/databaseUnavailable'
import { ApiError } from './apiError'
import { errorBody, sendJson } from './envelope'
import type { ApiEnv } from './requestTypes'
import { zodDetails } from './validation'
import { setHeader } from './responseHeaders'

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
  return undefined
}

/**
 * The only place error responses are written. A 500 is logged with its request id and says nothing about why.
 * `onError` sees every error first (the app reports unreachable-database errors to the outage monitor there).
 */
export const createErrorHandler =
  (logger: Payload['logger'], onError: (error: unknown) => void = () => {}): ErrorHandler<ApiEnv> =>
  (error, c) => {
    onError(error)
    const apiError = toApiError(error)
    if (apiError) {
      if (apiError.headers) for (const [name, value] of Object.entries(apiError.headers)) setHeader(c, name, value)
      return sendJson(c, errorBody(apiError.code, apiError.message, apiError.details), apiError.status)
    }
    const requestId = c.get('requestId')
    logger.error({ err: error, requestId, method: c.req.method, url: c.req.url }, 'unhandled error')
    return sendJson(c, errorBody('INTERNAL', `Internal server error (request id ${requestId})`), 500)
  }

/** A request no route takes. */
export const answerNoRoute: NotFoundHandler<ApiEnv> = (c) => sendJson(c, errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404)
