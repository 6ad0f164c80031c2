import { z } from 'zod'

import { ERROR_STATUS, type ErrorCode } from '../http/apiError'

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]

/** `{success: true, data, ...meta}`: the envelope of every JSON answer that is not an error. */
export const dataEnvelope = <Data extends z.ZodType, Meta extends z.ZodRawShape = Record<never, never>>(data: Data, meta?: Meta) =>
  z.strictObject({ success: z.literal(true), data, ...(meta ?? ({} as Meta)) })

export const errorEnvelope = z
  .strictObject({
    success: z.literal(false),
    error: z.strictObject({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z
        .array(z.strictObject({ path: z.string().meta({ description: 'The input it is about: a body key, a query parameter or a header' }), message: z.string() }))
        .optional(),
    }),
  })
  .meta({ id: 'Error', description: 'Every error, whatever its status: the code says which (see the status table in the API description).' })

/** `meta.pagination` of the article lists and search. */
export const paginationMeta = z
  .strictObject({ page: z.int().min(1), limit: z.int().min(1), total: z.int().min(0), pages: z.int().min(0) })
  .meta({ id: 'Pagination' })

/** The contract's optional text: `null` when unset, never missing or empty. */
export const nullableText = z.string().nullable()

/** A moment as ISO 8601 in UTC (`toISOString`). */
export const isoDateTime = z.iso.datetime()

export const recordId = z.int().min(1)

export const count = z.int().min(0)
