import { Hono } from 'hono'
import type { Payload, Where } from 'payload'

import { PROJECTS_SLUG } from '../collections/Projects'
import { incrementCounter } from '../lib/db/counters'
import { cached } from '../lib/publicCache'
import { rankEntries, rankingEntries } from '../lib/relatedProjects'
import { notFound } from './http/apiError'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { listProjects, listRelatedProjects } from './contracts/projects'
import { pageCount } from './http/pagination'
import { parsePathId } from './http/params'
import { parseQueryParams } from './http/query'
import { type PublicCaching, sendPublicRead } from './http/publicResponse'
import type { ApiEnv, ApiUser } from './http/requestTypes'
import { type ProjectDetailFields, projectDetail, projectListItem, relatedProjectItem } from './serializers/project'

/** What ranking reads (tech stack, category, age) and what an item shows, except the counters. */
const RANKING_SELECT = { title: true, description: true, coverImage: true, techStack: true, category: true, createdAt: true } as const
/** What a list item shows; the detail adds its own fields (never the rich-text twin). */
const LIST_SELECT = {
  title: true,
  description: true,
  coverImage: true,
  demoUrl: true,
  repoUrl: true,
  techStack: true,
  likeCount: true,
  viewCount: true,
  status: true,
  createdAt: true,
} as const
const DETAIL_SELECT = { ...LIST_SELECT, content: true, screenshots: true, updatedAt: true } as const satisfies Record<
  Exclude<keyof ProjectDetailFields, 'id'>,
  true
>

/**
 * The published projects, prepared for ranking and kept in the public cache: every project change (created,
 * edited, published, deleted) clears it through Payload's hooks. The counters change without hooks, so they are
 * not kept here: each answer reads them for the projects it returns.
 */
const rankingCandidates = (payload: Payload, ttl: number) =>
  cached('projects:ranking', ttl, async () => {
    const { docs } = await payload.find({
      collection: PROJECTS_SLUG,
      depth: 0,
      overrideAccess: false,
      pagination: false,
      select: RANKING_SELECT,
      where: { status: { equals: 'published' } },
    })
    const entries = rankingEntries(docs)
    return { entries, byId: new Map(entries.map((entry) => [entry.id, entry])) }
  })

const findProject = (payload: Payload, id: number, user: ApiUser | null | undefined): Promise<ProjectDetailFields | null> =>
  payload.findByID({
    collection: PROJECTS_SLUG,
    depth: 0,
    disableErrors: true,
    id,
    overrideAccess: false,
    select: DETAIL_SELECT,
    user,
  })

/** A project as an anonymous visitor finds it, kept `ttl` seconds (a miss too); its view count is never served from here. */
const publicProject = (payload: Payload, id: number, ttl: number) =>
  cached(`project:${id}`, ttl, () => findProject(payload, id, null), (doc) => doc?.content?.length ?? 0)

/** GET /projects, /projects/:id (counts a view) and /projects/:id/related. */
export const projectRoutes = (payload: Payload, { recordTtl, answerTtl }: PublicCaching): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .get('/', (c) => {
      const inputs = parseQueryParams(listProjects.query, c.req.queries())
      return sendPublicRead(c, { ttl: answerTtl, inputs }, async () => {
        const { page, limit, status = 'published', category } = inputs
        // Drafts are filtered by access too: for anyone but staff, status=draft finds nothing.
        const where: Where = { status: { equals: status }, ...(category !== undefined ? { category: { equals: category } } : {}) }
        const result = await payload.find({
          collection: PROJECTS_SLUG,
          depth: 0,
          limit,
          overrideAccess: false,
          page,
          select: LIST_SELECT,
          sort: ['-createdAt', '-id'],
          user: c.get('user'),
          where,
        })
        return {
          data: result.docs.map(projectListItem),
          meta: { total: result.totalDocs, page, limit, totalPages: pageCount(result.totalDocs, limit) },
        }
      })
    })
    .get('/:id', async (c) => {
      const id = parsePathId(c.req.param('id'), 'Project')
      const user = c.get('user')
      const doc = user ? await findProject(payload, id, user) : await publicProject(payload, id, recordTtl)
      if (!doc) throw notFound('Project')
      // A staff preview of a draft is not a visitor's view.
      const viewCount =
        doc.status === 'published' && c.req.method === 'GET' ? await incrementCounter(payload, PROJECTS_SLUG, id, 'viewCount') : (doc.viewCount ?? 0)
      if (viewCount === undefined) throw notFound('Project')
      setPublicCaching(c)
      return sendData(c, projectDetail({ ...doc, viewCount }))
    })
    .get('/:id/related', (c) => {
      const id = parsePathId(c.req.param('id'), 'Project')
      const { limit } = parseQueryParams(listRelatedProjects.query, c.req.queries())
      return sendPublicRead(c, { ttl: answerTtl, inputs: { id, limit } }, async () => {
        const { entries, byId } = await rankingCandidates(payload, recordTtl)
        const target = byId.get(id)
        if (!target) throw notFound('Project')
        const chosen = rankEntries(target, entries).slice(0, limit)
        // The counters are read with the caller's access, for the chosen few only.
        const { docs } =
          chosen.length === 0
            ? { docs: [] }
            : await payload.find({
                collection: PROJECTS_SLUG,
                depth: 0,
                overrideAccess: false,
                pagination: false,
                select: { likeCount: true, viewCount: true },
                user: c.get('user'),
                where: { and: [{ id: { in: chosen.map((doc) => doc.id) } }, { status: { equals: 'published' } }] },
              })
        const counters = new Map(docs.map((doc) => [doc.id, doc]))
        const related = chosen.flatMap((doc) => {
          const current = counters.get(doc.id)
          return current ? [relatedProjectItem(doc, current)] : []
        })
        return { data: related }
      })
    })
