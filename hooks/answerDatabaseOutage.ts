import type { AfterErrorHook } from 'payload'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/db/databaseUnavailable'
import { reportDatabaseError } from '../lib/db/outages'

/**
 * Payload's REST and GraphQL meet an unreachable database as whatever the driver threw (a 500 "Something went
 * wrong."): this answers 503 with the outage's message and a `Retry-After`, and tells the outage monitor. Payload
 * has already logged the error; lib/serviceLogMethod.ts drops that line.
 */
export const answerDatabaseOutage: AfterErrorHook = ({ error, graphqlResult, req }) => {
  const thrown: unknown = graphqlResult ? (Reflect.get(error, 'originalError') ?? error) : error
  if (!isDatabaseUnavailable(thrown)) return
  reportDatabaseError(req.payload.db, thrown)
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  req.responseHeaders = headers
  if (graphqlResult) {
    return { graphqlResult: { ...graphqlResult, message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { ...graphqlResult.extensions, statusCode: 503 } } }
  }
  return { status: 503, response: { errors: [{ message: DATABASE_UNAVAILABLE_MESSAGE }] } }
}
