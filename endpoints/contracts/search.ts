import { z } from 'zod'

import { paginationQuery } from '../http/pagination'
import { dataEnvelope, paginationMeta, recordId } from './envelope'
import { defineRoute, errors } from './route'

const MAX_QUERY_CODE_POINTS = 200
// The same limits endpoints/search.ts enforces (it imports this contract, so the numbers live here).
export const MAX_SEARCH_WORDS = 10
export const MAX_SEARCH_PHRASES = 3

export const searchResultSchema = z
  .strictObject({
    type: z.enum(['article', 'project']),
    id: recordId,
    title: z.string(),
    slug: z.string().nullable().meta({ description: "An article's public slug; null for a project" }),
    excerpt: z.string(),
    snippet: z.string().meta({ description: 'HTML-escaped text around the match, each matching word in <mark>' }),
    score: z.number(),
  })
  .meta({ id: 'SearchResult' })

export type SearchResult = z.infer<typeof searchResultSchema>

export const search = defineRoute({
  method: 'get',
  path: '/search',
  operationId: 'search',
  tag: 'Search',
  summary: 'Search published articles and projects',
  description:
    'Results whose title holds every word come first, then the rest, each ranked by the database. ' +
    `A query may have at most ${MAX_SEARCH_WORDS} words (a quoted phrase's words count one by one) and ${MAX_SEARCH_PHRASES} quoted phrases (400 naming the limit); ` +
    'each client IP may search `SEARCH_RATE_LIMIT` times a minute (429 with `Retry-After`).',
  access: 'public',
  query: z.object({
    q: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, 'is required')
      .refine((value) => Array.from(value).length <= MAX_QUERY_CODE_POINTS, `must be at most ${MAX_QUERY_CODE_POINTS} characters`)
      .meta({
        description:
          `Words to find (a word being typed matches as a prefix; \`"…"\` finds a phrase); at most ${MAX_QUERY_CODE_POINTS} characters, ` +
          `${MAX_SEARCH_WORDS} words and ${MAX_SEARCH_PHRASES} quoted phrases`,
      }),
    type: z.enum(['all', 'article', 'project'], { message: 'must be all, article or project' }).optional().meta({ default: 'all' }),
    ...paginationQuery({ defaultLimit: 10, maxLimit: 50 }),
  }),
  responses: {
    200: { description: 'One page of results', json: dataEnvelope(z.array(searchResultSchema), { pagination: paginationMeta }) },
    ...errors(400, 429),
  },
})

export const searchRoutes = [search]
