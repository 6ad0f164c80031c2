import { STATUS_CODES } from 'node:http'

import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { Payload } from 'payload'

import { payloadErrorBody } from '../../lib/payloadErrorBody'

/** A request no route took (with the admin UI off, anything outside `/api` and `/cms-api`): a JSON 404. */
export const answerNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(payloadErrorBody('Not Found'))
}

const clientErrorStatus = (error: unknown): number | undefined => {
  const status: unknown = typeof error === 'object' && error !== null ? (Reflect.get(error, 'status') ?? Reflect.get(error, 'statusCode')) : undefined
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}

/**
 * Express's last error handler, so its own (an HTML page, with the stack in development) never answers: a client's
 * mistake keeps its 4xx status with the status's name, anything else is a logged 500 that says nothing about why.
 */
export const answerLastError =
  (logger: Payload['logger']): ErrorRequestHandler =>
  (error, req, res, _next) => {
    if (res.headersSent) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'error after the response started')
      res.end()
      return
    }
    const status = clientErrorStatus(error)
    if (status !== undefined) {
      res.status(status).json(payloadErrorBody(STATUS_CODES[status] ?? 'Bad Request'))
      return
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error')
    res.status(500).json(payloadErrorBody('Something went wrong.'))
  }
