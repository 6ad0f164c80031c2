import { Router } from 'express'
import type { Payload } from 'payload'

import { RESOURCES_SLUG } from '../collections/Resources'
import { incrementCounter } from '../lib/db/counters'
import { cached, publicCache } from '../lib/publicCache'
import { notFound } from './http/apiError'
import { listResources } from './contracts/resources'
import { parseQueryParams } from './http/query'
import { parsePathId } from './http/params'
import { type PublicCaching, sendPublicRead } from './http/publicResponse'
import type { ApiUser } from './http/requestTypes'
import { resourceListItem } from './serializers/resource'

/** The address of an active resource, or null. */
const findFileUrl = async (payload: Payload, id: number, user: ApiUser | null | undefined): Promise<string | null> => {
  const { docs } = await payload.find({
    collection: RESOURCES_SLUG,
    depth: 0,
    limit: 1,
    overrideAccess: false,
    pagination: false,
    select: { fileUrl: true },
    user,
    where: { and: [{ id: { equals: id } }, { status: { equals: 'active' } }] },
  })
  return docs[0]?.fileUrl ?? null
}

const resourceCacheKey = (id: number) => `resource:${id}`

/**
 * GET /resources/:id/download for an anonymous caller whose resource is already in the public cache, answered before
 * Express (endpoints/http/countedResponses.ts): counts the download and gives the file's address. `undefined` at once
 * when the cache does not hold that active resource, or holds an address the caller cannot write (the route
 * answers); a promise of `undefined` when its record has gone meanwhile.
 */
export const countCachedDownload = (
  payload: Payload,
  id: number,
  answerable: (fileUrl: string) => boolean,
): Promise<string | undefined> | undefined => {
  const fileUrl = publicCache.get<string | null>(resourceCacheKey(id))
  if (typeof fileUrl !== 'string' || !answerable(fileUrl)) return undefined
  return incrementCounter(payload, RESOURCES_SLUG, id, 'downloadCount').then((count) => (count === undefined ? undefined : fileUrl))
}

/** GET /resources (active ones) and GET /resources/:id/download (302 to the file, counted on every GET; HEAD is not). */
export const resourceRoutes = (payload: Payload, { recordTtl, answerTtl }: PublicCaching): Router => {
  const router = Router()

  router.get('/', (req, res) =>
    sendPublicRead(req, res, { ttl: answerTtl }, async () => {
      const { page, limit } = parseQueryParams(listResources.query, req.query)
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
      return { data: result.docs.map(resourceListItem), meta: { total: result.totalDocs, page, limit } }
    }),
  )

  router.get('/:id/download', async (req, res) => {
    const id = parsePathId(req.params.id, 'Resource')
    const fileUrl = req.user ? await findFileUrl(payload, id, req.user) : await cached(resourceCacheKey(id), recordTtl, () => findFileUrl(payload, id, null))
    if (fileUrl === null) throw notFound('Resource')
    if (req.method === 'GET' && (await incrementCounter(payload, RESOURCES_SLUG, id, 'downloadCount')) === undefined) {
      throw notFound('Resource')
    }
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(302, fileUrl)
  })

  return router
}
