import type { Response } from 'express'

import type { ErrorCode, ErrorDetail } from './apiError'

export type ErrorBody = {
  success: false
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] }
}

/** `{success: true, data, ...meta}`: meta carries each list's pagination keys. */
export const sendData = <T>(res: Response, data: T, meta: Record<string, unknown> = {}, status = 200): void => {
  res.status(status).json({ success: true, data, ...meta })
}

/** A success body serialised once, for payloads served many times over (the cached home and skills). */
export type PreparedBody = { json: Buffer; etag?: string }

export const prepareData = <T>(data: T): PreparedBody => ({ json: Buffer.from(JSON.stringify({ success: true, data })) })

type EtagFunction = (body: Buffer, encoding?: BufferEncoding) => string | undefined

/**
 * Sends a prepared body as `sendData` would (same bytes, `Content-Type` and ETag, an empty 304 when the client has
 * it), without serialising and hashing it again: the ETag comes from Express's own function, once per body.
 */
export const sendPrepared = (res: Response, prepared: PreparedBody): void => {
  const etagOf = res.app.get('etag fn') as EtagFunction | undefined
  if (etagOf && prepared.etag === undefined) prepared.etag = etagOf(prepared.json)
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8')
  if (prepared.etag) res.setHeader('ETag', prepared.etag)
  res.send(prepared.json)
}

export const errorBody = (code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody => ({
  success: false,
  error: details?.length ? { code, message, details } : { code, message },
})
