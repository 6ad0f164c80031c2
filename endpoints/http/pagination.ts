import { z } from 'zod'

import { firstQueryValue } from './params'
import { parseWith } from './validation'

const MAX_PAGE = 1_000_000

const positiveInteger = (name: string, max: number) =>
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

export type Pagination = { page: number; limit: number }

const paginationSchema = z.object({
  page: positiveInteger('page', MAX_PAGE).optional(),
  limit: positiveInteger('limit', Number.MAX_SAFE_INTEGER).optional(),
})

/** Reads `page` and `limit` from a query: positive integers or a 400; limits above the maximum are reduced. */
export const parsePagination = (query: Record<string, unknown>, rule: PaginationRule): Pagination => {
  const given = { page: firstQueryValue(query.page), limit: firstQueryValue(query.limit) }
  // Neither given (most requests): nothing to check.
  const { page, limit } = given.page === undefined && given.limit === undefined ? {} : parseWith(paginationSchema, given)
  return { page: page ?? 1, limit: Math.min(limit ?? rule.defaultLimit, rule.maxLimit) }
}

export const pageCount = (total: number, limit: number): number => Math.ceil(total / limit)
