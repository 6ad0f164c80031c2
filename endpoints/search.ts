import { Router } from 'express'
import type { Payload } from 'payload'
import type { z } from 'zod'

import type { SearchKind } from '../lib/db/searchIndex'
import { querySearchIndex } from '../lib/db/searchQuery'
import { parseQuery } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { search } from './contracts/search'
import { pageCount } from './http/pagination'
import { parseQueryParams } from './http/query'
import { sendPublicRead } from './http/publicResponse'
import { searchResult } from './serializers/searchResult'

type SearchType = NonNullable<z.output<typeof search.query>['type']>

const KINDS: Record<SearchType, [SearchKind, ...SearchKind[]]> = { all: ['article', 'project'], article: ['article'], project: ['project'] }

/** GET /search: published articles and projects ranked by the database's full-text index, with highlighted snippets. */
export const searchRoutes = (payload: Payload, ttl: number): Router => {
  const router = Router()

  router.get('/', (req, res) =>
    sendPublicRead(req, res, { ttl }, async () => {
      const { q, type = 'all', page, limit } = parseQueryParams(search.query, req.query)
      const kinds = KINDS[type]
      const terms = parseQuery(q)
      const found = await querySearchIndex(payload, { terms, kinds, limit, offset: (page - 1) * limit })
      if (!found) throw new ApiError('SERVICE_UNAVAILABLE', 'This database has no search index')
      const data = found.hits.map((hit) => searchResult(hit, terms))
      return { data, meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } } }
    }),
  )

  return router
}
