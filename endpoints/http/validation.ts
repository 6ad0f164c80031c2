import type { z, ZodError } from 'zod'

import type { ErrorDetail } from './apiError'

export const zodDetails = (error: ZodError): ErrorDetail[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: issue.message }))

/** Parses input with a schema; a failure is thrown as a ZodError and answered 400 with details by the error handler. */
export const parseWith = <Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> => schema.parse(input)
