import { STATUS_CODES } from 'node:http'

import type { Payload } from 'payload'

import { payloadErrorBody } from './payloadErrorBody'

const clientErrorStatus = (error: unknown): number | undefined => {
  const status: unknown = typeof error === 'object' && error !== null ? (Reflect.get(error, 'status') ?? Reflect.get(error, 'statusCode')) : undefined
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}

/**
 * The host's last word on an error no door answered (`/api` answers its own): a client's mistake keeps its 4xx
 * status with the status's name, anything else is a logged 500 that says nothing about why.
 */
export const lastErrorResponse =
  (logger: Payload['logger']) =>
  (error: unknown): Response => {
    const status = clientErrorStatus(error)
    if (status !== undefined) return Response.json(payloadErrorBody(STATUS_CODES[status] ?? 'Bad Request'), { status })
    logger.error({ err: error }, 'unhandled error')
    return Response.json(payloadErrorBody('Something went wrong.'), { status: 500 })
  }
