import { z } from 'zod'

import { isRecordId } from '../../lib/db/recordIds'
import { notFound } from './apiError'
import { parseWith } from './validation'

/** A path id: a positive integer a record can have, else the record cannot exist (404). */
export const parsePathId = (value: string | undefined, what: string): number => {
  if (!value || !/^\d{1,15}$/.test(value) || !isRecordId(Number(value))) throw notFound(what)
  return Number(value)
}

/** Express gives repeated query parameters as arrays; the first one counts. */
export const firstQueryValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)

/** An optional query parameter checked by a schema (400 with details when it does not fit). */
export const queryParam = <Schema extends z.ZodType>(query: Record<string, unknown>, name: string, schema: Schema) => {
  const value = firstQueryValue(query[name])
  // Absent is always fine for an optional parameter, and the commonest case: no schema to build and run.
  if (value === undefined) return undefined
  return parseWith(z.object({ [name]: schema.optional() }), { [name]: value })[name] as z.output<Schema> | undefined
}

export const booleanText = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true')

export const integerText = z.string().regex(/^\d{1,15}$/, 'must be a positive integer').transform(Number)
