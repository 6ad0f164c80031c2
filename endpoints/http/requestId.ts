import { randomUUID } from 'node:crypto'

import type { RequestHandler } from 'express'

/** Every response carries `X-Request-Id`; a 500's log line has the same id. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  req.requestId = randomUUID()
  res.setHeader('X-Request-Id', req.requestId)
  next()
}
