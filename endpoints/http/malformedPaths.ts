import type { ServerResponse } from 'node:http'

import { payloadErrorBody } from '../../lib/payloadErrorBody'
import { ERROR_STATUS } from './apiError'
import type { FastResponder } from './cachedResponses'
import { setCommonHeaders } from './commonHeaders'
import { errorBody } from './envelope'

export const MALFORMED_PATH_MESSAGE = 'Request path is not valid percent-encoding'

const isMalformed = (url: string): boolean => {
  const path = url.split('?', 1)[0] ?? ''
  if (!path.includes('%')) return false
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

const writeJson = (res: ServerResponse, status: number, body: object): void => {
  const bytes = Buffer.from(JSON.stringify(body))
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', bytes.length)
  res.end(bytes)
}

/**
 * A path that is not valid percent-encoding (`/cms-api/%`, `/api/%ff`, `/admin/%`) is a 400 on every door, in the
 * door's own error shape (`/api`: the envelope; the others: Payload's `{"errors":[{"message"}]}`), before anything
 * else reads it: Express's router throws a URIError on such a path, and its final handler would answer an HTML page
 * (with the stack, in development).
 */
export const malformedPathResponder =
  (apiPrefix: string, corsOrigins: string[]): FastResponder =>
  (req, res) => {
    const url = req.url ?? ''
    if (!isMalformed(url)) return false
    if (url.startsWith(apiPrefix)) {
      setCommonHeaders(res, req.headers.origin, corsOrigins)
      writeJson(res, ERROR_STATUS.VALIDATION_ERROR, errorBody('VALIDATION_ERROR', MALFORMED_PATH_MESSAGE))
    } else {
      writeJson(res, ERROR_STATUS.VALIDATION_ERROR, payloadErrorBody(MALFORMED_PATH_MESSAGE))
    }
    return true
  }
