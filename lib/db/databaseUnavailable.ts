import { APIError } from 'payload'

/** Seconds a client is told to wait (`Retry-After`) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** What every door says while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached right now; try again shortly'

/**
 * Codes that mean "too busy for this request" rather than "gone": Postgres' connection limit, SQLite's locks (after
 * `busy_timeout` ran out). The request answers 503, but the database is not treated as down.
 */
const BUSY_CODES = new Set(['53300', 'SQLITE_BUSY', 'SQLITE_LOCKED'])
const BUSY_MESSAGE = /database is locked/i

/**
 * Driver error codes that mean "the database is not there right now", not "this query is wrong": sockets (Node),
 * Postgres' connection and shutdown classes (08xxx, 57P0x), and the busy codes above.
 */
const UNAVAILABLE_CODES = new Set([
  ...BUSY_CODES,
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
])

/**
 * pg reports some losses only in words, and Payload rewraps some driver errors as text without their cause
 * (`Error: cannot begin transaction: connect ECONNREFUSED …`); MongoDB's driver reports them by error class.
 * On the SQL adapters a BEGIN cannot fail for the data's sake, so any failed BEGIN counts (Postgres' 57P01,
 * "terminating connection due to administrator command", reaches us only as that text).
 */
const UNAVAILABLE_MESSAGES = [
  /^Error: cannot begin transaction: /,
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b/,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /Cannot use a pool after calling end/i,
  BUSY_MESSAGE,
]
const UNAVAILABLE_NAMES = new Set(['MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError', 'MongooseServerSelectionError'])

const MAX_CAUSE_DEPTH = 6

/** What an error looks like; checked by shape, since native drivers may throw errors of another realm's `Error`. */
export type ErrorLike = { message: string; code?: unknown; name?: unknown; cause?: unknown; errors?: unknown }

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'

const looksUnavailable = (error: ErrorLike): boolean => {
  if (typeof error.code === 'string' && UNAVAILABLE_CODES.has(error.code)) return true
  if (typeof error.name === 'string' && UNAVAILABLE_NAMES.has(error.name)) return true
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))
}

/**
 * The error, or the first of its causes, that says the database cannot be reached (as opposed to a query the
 * database refused): drizzle wraps driver errors in `DrizzleQueryError`, pg an `AggregateError` per address tried.
 */
export const unavailableCause = (error: unknown, depth = 0): ErrorLike | undefined => {
  if (!isErrorLike(error) || depth > MAX_CAUSE_DEPTH) return undefined
  if (error instanceof DatabaseUnavailableError) return unavailableCause(error.cause, depth + 1) ?? error
  if (looksUnavailable(error)) return error
  if (Array.isArray(error.errors)) {
    for (const inner of error.errors) {
      const found = unavailableCause(inner, depth + 1)
      if (found) return found
    }
  }
  return unavailableCause(error.cause, depth + 1)
}

export const isDatabaseUnavailable = (error: unknown): boolean => unavailableCause(error) !== undefined

/** Whether a cause found by `unavailableCause` means the database is gone, not merely busy. */
export const isOutage = (cause: ErrorLike): boolean =>
  !(typeof cause.code === 'string' && BUSY_CODES.has(cause.code)) && !BUSY_MESSAGE.test(cause.message)

/**
 * What every door answers while the database is unreachable: Payload's REST answers its status (503) with this
 * message; `/api` turns it into `SERVICE_UNAVAILABLE`. Its name is muted in Payload's error log (the outage
 * monitor logs the outage once).
 */
export class DatabaseUnavailableError extends APIError {
  static readonly errorName: string = 'DatabaseUnavailable'

  constructor(cause: unknown) {
    super(DATABASE_UNAVAILABLE_MESSAGE, 503, undefined, true)
    this.name = DatabaseUnavailableError.errorName
    this.cause = cause
  }
}
