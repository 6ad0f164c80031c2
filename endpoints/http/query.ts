import type { z } from 'zod'

import { firstQueryValue } from './params'
import { parseWith } from './validation'

/**
 * Reads a route's query with its schema: only the parameters the schema names, each given once (a repeated
 * parameter comes as an array: the first counts). Others are ignored; a value that does not fit is a 400.
 */
export const parseQueryParams = <Schema extends z.ZodObject>(schema: Schema, query: Record<string, unknown>): z.output<Schema> => {
  const given: Record<string, unknown> = {}
  for (const name of Object.keys(schema.shape)) {
    const value = firstQueryValue(query[name])
    if (value !== undefined) given[name] = value
  }
  return parseWith(schema, given)
}
