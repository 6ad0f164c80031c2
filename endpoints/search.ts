import { Router } from 'express'
import type { Payload } from 'payload'
import { z } from 'zod'

import type { SearchKind } from '../lib/db/searchIndex'
import { querySearchIndex } from '../lib/db/searchQuery'
import { parseQuery } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { pageCount, parsePagination } from './http/pagination'
import { firstQueryValue, queryParam } from './http/params'
import { sendPublicRead } from './http/publicResponse'
import { parseWith } from './http/validation'
import { searchResult } from './serializers/searchResult'

const MAX_QUERY_CODE_POINTS = 200

const queryText = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, 'is required')
    .refine((value) => Array.from(value).length <= MAX_QUERY_CODE_POINTS, `must be at most ${MAX_QUERY_CODE_POINTS} characters`),
})
const typeText = z.enum(['all', 'article', 'project'], { message: 'must be all, article or project' })

const KINDS: Record<z.infer<typeof typeText>, [SearchKind, ...SearchKind[]]> = { all: ['article', 'project'], article: ['article'], project: ['project'] }

/** GET /search: published articles and projects ranked by the database's full-text index, with highlighted snippets. */
export const searchRoutes = (payload: Payload, ttl: number): Router => {
  const router = Router()

  router.get('/', (req, res) =>
    sendPublicRead(req, res, { ttl }, async () => {
      const { q } = parseWith(queryText, { q: firstQueryValue(req.query.q) })
      const kinds = KINDS[queryParam(req.query, 'type', typeText) ?? 'all']
      const { page, limit } = parsePagination(req.query, { defaultLimit: 10, maxLimit: 50 })
      const terms = parseQuery(q)
      const found = await querySearchIndex(payload, { terms, kinds, limit, offset: (page - 1) * limit })
      if (!found) throw new ApiError('SERVICE_UNAVAILABLE', 'This database has no search index')
      const data = found.hits.map((hit) => searchResult(hit, terms))
      return { data, meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } } }
    }),
  )

  return router
}
