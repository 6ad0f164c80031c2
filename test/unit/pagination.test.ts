import { describe, expect, it } from 'vitest'
import { z, ZodError } from 'zod'

import { pageCount, type PaginationRule, paginationQuery } from '../../endpoints/http/pagination'
import { parseQueryParams } from '../../endpoints/http/query'

const rule = { defaultLimit: 10, maxLimit: 100 }

const parsePagination = (query: Record<string, unknown>, given: PaginationRule) => parseQueryParams(z.object(paginationQuery(given)), query)

describe('paginationQuery', () => {
  it('defaults to page 1 and the default limit', () => {
    expect(parsePagination({}, rule)).toEqual({ page: 1, limit: 10 })
  })

  it('reads positive integers', () => {
    expect(parsePagination({ page: '3', limit: '25' }, rule)).toEqual({ page: 3, limit: 25 })
  })

  it('reduces a limit above the maximum instead of refusing it', () => {
    expect(parsePagination({ limit: '500' }, rule)).toEqual({ page: 1, limit: 100 })
    expect(parsePagination({ limit: '21' }, { defaultLimit: 4, maxLimit: 20 })).toEqual({ page: 1, limit: 20 })
  })

  it.each([
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: 'abc' }],
    [{ page: '1e9' }],
    [{ page: '1000001' }],
    [{ page: '' }],
    [{ limit: '0' }],
    [{ limit: '-5' }],
    [{ limit: 'ten' }],
    [{ limit: '2.0' }],
  ])('refuses %o', (query) => {
    expect(() => parsePagination(query, rule)).toThrow(ZodError)
  })

  it('takes the first value of a repeated parameter', () => {
    expect(parsePagination({ page: ['2', '5'] }, rule)).toEqual({ page: 2, limit: 10 })
  })

  it('counts pages', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([0, 1, 2])
  })
})
