type QueryFailure = Error & { query?: unknown; params?: unknown; cause?: { code?: unknown; message?: unknown } }

/** Drizzle's DrizzleQueryError (its name stays `Error`): the statement, its parameters and the driver's error. */
const isQueryFailure = (error: Error): error is QueryFailure & { params: unknown[] } =>
  typeof (error as QueryFailure).query === 'string' && Array.isArray((error as QueryFailure).params)

/** Values the service's own code never binds, so the request carried them: `abc` or `a,b` read as ids (NaN), `1e400`, `{ "$ne": 1 }`. */
const unbindable = (value: unknown): boolean =>
  (typeof value === 'number' && !Number.isFinite(value)) ||
  value === undefined ||
  (typeof value === 'object' && value !== null && !(value instanceof Date) && !ArrayBuffer.isView(value))

/**
 * The database refusing a value for its column: SQLite's datatype mismatch (`limit=1.5`); Postgres's invalid text
 * representation, numeric value out of range, invalid datetime format, datetime field overflow, and invalid LIMIT
 * or OFFSET.
 */
const VALUE_REFUSED = new Set(['SQLITE_MISMATCH', '22P02', '22003', '22007', '22008', '2201W', '2201X'])

const refusesValue = (failure: QueryFailure): boolean =>
  VALUE_REFUSED.has(String(failure.cause?.code)) || /datatype mismatch/.test(String(failure.cause?.message ?? failure.message))

/**
 * A document the request names that does not exist, found only by the database: Payload checks a relationship's ids
 * in most places, but `author: -1` on an article, or a gallery's cover `1.5`, reached the foreign key (SQLite's
 * constraint, Postgres's 23503).
 */
const namesMissingDocument = (failure: QueryFailure): boolean =>
  String(failure.cause?.code) === '23503' || /FOREIGN KEY constraint failed/.test(String(failure.cause?.message ?? failure.message))

/** What busboy and Payload's upload reader say of a multipart body that is cut short or has no boundary. */
const MULTIPART_FAULTS = /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Request is not eligible for file upload)$/

/**
 * JSON.parse's refusal, in any of V8's words for it ("… is not valid JSON", "Unexpected end of JSON input",
 * "Unterminated string in JSON at position 1"…): Payload parses a `where` or `data` query parameter given as text.
 */
const isJsonParseFailure = (error: Error): boolean => error instanceof SyntaxError && /\bJSON\b/.test(error.message)

export const UNREADABLE_MULTIPART = 'The multipart body could not be read.'

/** What a request got wrong, when the error can only have come from what it sent. */
export const requestMistakeOf = (error: Error): { status: number; message: string } | undefined => {
  if (isQueryFailure(error) && (error.params.some(unbindable) || refusesValue(error))) {
    return { status: 400, message: 'A value in the request does not fit its field.' }
  }
  if (isQueryFailure(error) && namesMissingDocument(error)) return { status: 400, message: 'A document the request names does not exist.' }
  if (error instanceof TypeError && /operators\[queryOperator\] is not a function/.test(error.message)) {
    return { status: 400, message: 'That query operator is not available on this database.' }
  }
  if (isJsonParseFailure(error)) return { status: 400, message: 'A parameter that must be JSON is not.' }
  if (MULTIPART_FAULTS.test(error.message)) return { status: 400, message: UNREADABLE_MULTIPART }
  return undefined
}
