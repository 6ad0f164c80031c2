import { type PreparedBody, prepareBody } from '../../lib/preparedBody'
import type { ErrorCode, ErrorDetail } from './apiError'
import type { CountedAnswer } from './countedBody'
import type { ApiContext } from './requestTypes'
import { respond, setHeader } from './responseHeaders'

export type ErrorBody = {
  success: false
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] }
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** Whether the client already holds the answer tagged `tag` (RFC 9110 weak comparison; `*` matches any). */
const holdsTag = (ifNoneMatch: string | undefined, tag: string): boolean => {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = tag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((given) => given.trim().replace(/^W\//, '') === bare)
}

/**
 * Sends bytes with their ETag: an empty 304 when a GET or HEAD's `If-None-Match` already holds them (and the
 * client did not ask for a fresh copy with `Cache-Control: no-cache`).
 */
export const sendTagged = (c: ApiContext, bytes: Uint8Array<ArrayBuffer>, tag: string, contentType: string, status = 200): Response => {
  setHeader(c, 'ETag', tag)
  const method = c.req.method
  if (
    status >= 200 &&
    status < 300 &&
    (method === 'GET' || method === 'HEAD') &&
    holdsTag(c.req.header('if-none-match'), tag) &&
    !/(?:^|,)\s*no-cache\s*(?:,|$)/.test(c.req.header('cache-control') ?? '')
  ) {
    return respond(c, null, 304)
  }
  setHeader(c, 'Content-Type', contentType)
  // Said here, so that a HEAD (answered by the GET route, its body dropped) tells the length too.
  setHeader(c, 'Content-Length', String(bytes.byteLength))
  return respond(c, bytes, status)
}

/** Sends a prepared JSON body (its ETag, an empty 304 when the client has it). */
export const sendPrepared = (c: ApiContext, prepared: PreparedBody, status = 200): Response => sendTagged(c, prepared.json, prepared.etag, JSON_TYPE, status)

/** Any JSON answer, serialised here with its weak ETag. */
export const sendJson = (c: ApiContext, body: object, status = 200): Response => sendPrepared(c, prepareBody(body), status)

/** A counted body with its values (endpoints/http/countedBody.ts). */
export const sendCounted = (c: ApiContext, answer: CountedAnswer): Response => sendTagged(c, answer.bytes, answer.etag, JSON_TYPE)

/** `{success: true, data, ...meta}`: meta carries each list's pagination keys. */
export const sendData = <T>(c: ApiContext, data: T, meta: Record<string, unknown> = {}, status = 200): Response =>
  sendJson(c, { success: true, data, ...meta }, status)

export const errorBody = (code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody => ({
  success: false,
  error: details?.length ? { code, message, details } : { code, message },
})
