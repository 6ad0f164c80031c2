import { z } from 'zod'

const MAX_PAGE = 1_000_000

/** A query parameter holding a whole number from 1 to `max`, else a 400 naming it. */
export const positiveInteger = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `${name} must be a positive integer`)
        .max(max, `${name} must be at most ${max}`),
    )

export type PaginationRule = {
  /** Page size when `limit` is not given. */
  defaultLimit: number
  /** Larger limits are reduced to this (not refused). */
  maxLimit: number
}

/** `page` and `limit` of a list's query: positive integers or a 400; limits above the maximum are reduced. */
export const paginationQuery = ({ defaultLimit, maxLimit }: PaginationRule) => ({
  page: positiveInteger('page', MAX_PAGE)
    .optional()
    .transform((page) => page ?? 1)
    .meta({ description: 'Page number, from 1', default: '1' }),
  limit: positiveInteger('limit', Number.MAX_SAFE_INTEGER)
    .optional()
    .transform((limit) => Math.min(limit ?? defaultLimit, maxLimit))
    .meta({ description: `Items per page; larger values are reduced to ${maxLimit}`, default: String(defaultLimit) }),
})

export { pageCount } from '../../lib/pageCount'
