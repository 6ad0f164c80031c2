import { Router } from 'express'
import type { Payload } from 'payload'

import { RESOURCES_SLUG } from '../collections/Resources'
import { incrementCounter } from '../lib/counters'
import { notFound } from './http/apiError'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { parsePagination } from './http/pagination'
import { parsePathId } from './http/params'
import type { Doc } from './serializers/common'
import { resourceListItem } from './serializers/resource'

/** GET /resources (active ones) and GET /resources/:id/download (302 to the file, counted; HEAD is not). */
export const resourceRoutes = (payload: Payload): Router => {
  const router = Router()

  router.get('/', async (req, res) => {
    const { page, limit } = parsePagination(req.query, { defaultLimit: 10, maxLimit: 100 })
    const result = await payload.find({
      collection: RESOURCES_SLUG,
      depth: 0,
      limit,
      overrideAccess: false,
      page,
      select: { title: true, description: true, fileSize: true, downloadCount: true, createdAt: true },
      sort: ['-createdAt', '-id'],
      user: req.user,
      where: { status: { equals: 'active' } },
    })
    setPublicCaching(req, res)
    sendData(res, (result.docs as Doc[]).map(resourceListItem), { total: result.totalDocs, page, limit })
  })

  router.get('/:id/download', async (req, res) => {
    const id = parsePathId(req.params.id, 'Resource')
    const { docs } = await payload.find({
      collection: RESOURCES_SLUG,
      depth: 0,
      limit: 1,
      overrideAccess: false,
      pagination: false,
      select: { fileUrl: true },
      user: req.user,
      where: { and: [{ id: { equals: id } }, { status: { equals: 'active' } }] },
    })
    const resource = docs[0] as Doc | undefined
    if (!resource || typeof resource.fileUrl !== 'string') throw notFound('Resource')
    if (req.method === 'GET') await incrementCounter(payload, RESOURCES_SLUG, id, 'downloadCount')
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(302, resource.fileUrl)
  })

  return router
}
