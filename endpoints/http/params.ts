import { z } from 'zod'

import { isRecordId } from '../../lib/db/recordIds'
import { notFound } from './apiError'

/** A path id: a positive integer a record can have, else the record cannot exist (404). */
export const parsePathId = (value: string | undefined, what: string): number => {
  if (!value || !/^\d{1,15}$/.test(value) || !isRecordId(Number(value))) throw notFound(what)
  return Number(value)
}

/** A repeated query parameter comes as an array; the first one counts. */
export const firstQueryValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)

export const booleanText = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true')

export const integerText = z.string().regex(/^\d{1,15}$/, 'must be a positive integer').transform(Number)
