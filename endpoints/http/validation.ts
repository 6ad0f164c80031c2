import type { z, ZodError } from 'zod'

import type { ErrorDetail } from './apiError'

/** A body can break every rule at once: the answer names the first few, not a megabyte of them. */
const MAX_DETAILS = 20
const MAX_LISTED_KEYS = 10

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code !== 'unrecognized_keys' || issue.keys.length <= MAX_LISTED_KEYS) return issue.message
  const listed = issue.keys.slice(0, MAX_LISTED_KEYS).map((key) => JSON.stringify(key))
  return `Unrecognized keys: ${listed.join(', ')} and ${issue.keys.length - MAX_LISTED_KEYS} more`
}

export const zodDetails = (error: ZodError): ErrorDetail[] =>
  error.issues.slice(0, MAX_DETAILS).map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: messageOf(issue) }))

/** Parses input with a schema; a failure is thrown as a ZodError and answered 400 with details by the error handler. */
export const parseWith = <Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> => schema.parse(input)
