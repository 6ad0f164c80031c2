import { Router } from 'express'
import type { Payload, Where } from 'payload'
import { z } from 'zod'

import { ARTICLES_SLUG } from '../collections/Articles'
import { PROJECTS_SLUG } from '../collections/Projects'
import { querySearchIndex, type SearchKind } from '../lib/db/searchIndex'
import { parseQuery } from '../lib/search/searchText'
import { ApiError } from './http/apiError'
import { pageCount, parsePagination } from './http/pagination'
import { firstQueryValue, queryParam } from './http/params'
import { sendPublicRead } from './http/publicResponse'
import { parseWith } from './http/validation'
import { articleSearchResult, projectSearchResult } from './serializers/searchResult'

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

const published = (ids: number[]): Where => ({ and: [{ id: { in: ids } }, { status: { equals: 'published' } }] })

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
      if (!found) throw new ApiError('SERVICE_UNAVAILABLE', 'Search needs SQLite or Postgres; this database has no search index')
      const ids = (kind: SearchKind) => found.hits.filter((hit) => hit.kind === kind).map((hit) => hit.id)
      // Read as any visitor would: published records only, whatever the index says.
      const anonymous = { depth: 0, overrideAccess: false, pagination: false } as const
      const [articles, projects] = await Promise.all([
        ids('article').length === 0
          ? []
          : payload
              .find({ collection: ARTICLES_SLUG, ...anonymous, select: { title: true, slug: true, excerpt: true, content: true }, where: published(ids('article')) })
              .then(({ docs }) => docs),
        ids('project').length === 0
          ? []
          : payload
              .find({ collection: PROJECTS_SLUG, ...anonymous, select: { title: true, description: true }, where: published(ids('project')) })
              .then(({ docs }) => docs),
      ])
      const articleById = new Map(articles.map((doc) => [doc.id, doc]))
      const projectById = new Map(projects.map((doc) => [doc.id, doc]))
      const data = found.hits.flatMap((hit): ReturnType<typeof articleSearchResult | typeof projectSearchResult>[] => {
        const article = hit.kind === 'article' ? articleById.get(hit.id) : undefined
        const project = hit.kind === 'project' ? projectById.get(hit.id) : undefined
        if (article) return [articleSearchResult(article, hit, terms)]
        return project ? [projectSearchResult(project, hit, terms)] : []
      })
      return { data, meta: { pagination: { page, limit, total: found.total, pages: pageCount(found.total, limit) } } }
    }),
  )

  return router
}
