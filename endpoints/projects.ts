import { Router } from 'express'
import type { Payload, Where } from 'payload'
import { z } from 'zod'

import { PROJECTS_SLUG } from '../collections/Projects'
import { incrementCounter } from '../lib/counters'
import { rankRelatedProjects } from '../lib/relatedProjects'
import { notFound } from './http/apiError'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { pageCount, parsePagination } from './http/pagination'
import { integerText, parsePathId, queryParam } from './http/params'
import type { Doc } from './serializers/common'
import { projectDetail, projectListItem, relatedProjectItem } from './serializers/project'

const RELATED_SELECT = {
  title: true,
  description: true,
  coverImage: true,
  techStack: true,
  category: true,
  likeCount: true,
  viewCount: true,
  createdAt: true,
} as const

const statusText = z.enum(['published', 'draft'], { message: 'must be published or draft' })

/** GET /projects, /projects/:id (counts a view) and /projects/:id/related. */
export const projectRoutes = (payload: Payload): Router => {
  const router = Router()

  router.get('/', async (req, res) => {
    const { page, limit } = parsePagination(req.query, { defaultLimit: 10, maxLimit: 100 })
    const status = queryParam(req.query, 'status', statusText) ?? 'published'
    const category = queryParam(req.query, 'category', integerText)
    // Drafts are filtered by access too: for anyone but staff, status=draft finds nothing.
    const where: Where = { status: { equals: status }, ...(category !== undefined ? { category: { equals: category } } : {}) }
    const result = await payload.find({
      collection: PROJECTS_SLUG,
      depth: 0,
      limit,
      overrideAccess: false,
      page,
      sort: ['-createdAt', '-id'],
      user: req.user,
      where,
    })
    setPublicCaching(req, res)
    sendData(res, (result.docs as Doc[]).map(projectListItem), {
      total: result.totalDocs,
      page,
      limit,
      totalPages: pageCount(result.totalDocs, limit),
    })
  })

  router.get('/:id', async (req, res) => {
    const id = parsePathId(req.params.id, 'Project')
    const doc = await payload.findByID({
      collection: PROJECTS_SLUG,
      depth: 0,
      disableErrors: true,
      id,
      overrideAccess: false,
      user: req.user,
    })
    if (!doc) throw notFound('Project')
    // A staff preview of a draft is not a visitor's view.
    const viewCount =
      doc.status === 'published' ? await incrementCounter(payload, PROJECTS_SLUG, id, 'viewCount') : Number(doc.viewCount ?? 0)
    setPublicCaching(req, res)
    sendData(res, projectDetail({ ...(doc as unknown as Doc), viewCount }))
  })

  router.get('/:id/related', async (req, res) => {
    const id = parsePathId(req.params.id, 'Project')
    const limit = Math.min(queryParam(req.query, 'limit', integerText.pipe(z.number().min(1, 'must be at least 1'))) ?? 5, 20)
    const { docs } = await payload.find({
      collection: PROJECTS_SLUG,
      depth: 0,
      overrideAccess: false,
      pagination: false,
      select: RELATED_SELECT,
      user: req.user,
      where: { status: { equals: 'published' } },
    })
    const published = docs as Doc[]
    const target = published.find((doc) => Number(doc.id) === id)
    if (!target) throw notFound('Project')
    setPublicCaching(req, res)
    sendData(res, rankRelatedProjects(target, published).slice(0, limit).map(relatedProjectItem))
  })

  return router
}
