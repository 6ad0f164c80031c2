export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export type ErrorDetail = { path: string; message: string }

/** The one error type routes throw; the error handler turns it into the envelope with the code's status. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.status = ERROR_STATUS[code]
  }
}

export const notFound = (what = 'Resource') => new ApiError('NOT_FOUND', `${what} not found`)
