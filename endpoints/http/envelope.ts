import etag from 'etag'
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

/** A body serialised once, with the weak ETag Express would compute for the same bytes, for bodies served many times. */
export type PreparedBody = { json: Buffer; etag: string }

export const prepareBody = (body: object): PreparedBody => {
  const json = Buffer.from(JSON.stringify(body))
  return { json, etag: etag(json, { weak: true }) }
}

export const prepareData = <T>(data: T, meta: Record<string, unknown> = {}): PreparedBody => prepareBody({ success: true, data, ...meta })

/** Sends a prepared body as `sendData` would (same bytes, `Content-Type` and ETag, an empty 304 when the client has it). */
export const sendPrepared = (res: Response, prepared: PreparedBody): void => {
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('ETag', prepared.etag)
  res.send(prepared.json)
}

export const errorBody = (code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody => ({
  success: false,
  error: details?.length ? { code, message, details } : { code, message },
})
