import { z } from 'zod'

import { isSafeUrl, SAFE_URL_MESSAGE } from '../../lib/safeUrl'

export const typeMessage = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : issue.input === null ? 'cannot be null' : `must be ${expected}`

/** A required string: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: typeMessage('a string') }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

/** An optional string; `null` means "not given" on create and "clear it" on update. */
export const optionalText = (max: number) =>
  z.string({ error: typeMessage('a string') }).max(max, `must be at most ${max} characters`).nullable().optional()

export const safeUrl = z
  .string({ error: typeMessage('a string') })
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(isSafeUrl, `URL ${SAFE_URL_MESSAGE}`)

export const optionalUrl = safeUrl.nullable().optional()

export const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: typeMessage('a number') }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)

export const oneOf = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: () => `must be one of ${values.join(', ')}` })

/** An optional moment: ISO 8601 with a time zone (`Z` or an offset), kept as UTC; `null` clears it on update. */
export const optionalDateTime = z
  .iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with a time zone, like 2026-12-01T09:00:00Z' })
  .transform((value) => new Date(value).toISOString())
  .nullable()
  .optional()

export const flag = z.boolean({ error: typeMessage('true or false') })

/**
 * A field the collection gives a default (a status, a flag, an order): `null` means "not given", so on create the
 * default applies exactly as when the key is left out.
 */
export const withDefault = <Schema extends z.ZodType>(schema: Schema) => schema.nullable().optional()

/** Keys a client may send back from a record it read; they are ignored rather than refused. */
const READ_ONLY_KEYS = ['id', 'createdAt', 'updatedAt']

export const withoutReadOnlyKeys = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).filter(([key]) => !READ_ONLY_KEYS.includes(key)))
}

/** A JSON object body (arrays, strings and numbers are refused as a whole). */
export const objectBody = z.record(z.string(), z.unknown(), { error: 'The body must be a JSON object' })
