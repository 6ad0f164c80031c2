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

export const errorBody = (code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody => ({
  success: false,
  error: details?.length ? { code, message, details } : { code, message },
})
