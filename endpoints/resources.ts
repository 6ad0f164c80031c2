import encodeUrl from 'encodeurl'
import { Hono } from 'hono'
import type { Payload } from 'payload'

import { RESOURCES_SLUG } from '../collections/Resources'
import { incrementCounter } from '../lib/db/counters'
import { cached } from '../lib/publicCache'
import { notFound } from './http/apiError'
import { listResources } from './contracts/resources'
import { parseQueryParams } from './http/query'
import { parsePathId } from './http/params'
import { type PublicCaching, sendPublicRead } from './http/publicResponse'
import type { ApiEnv, ApiUser } from './http/requestTypes'
import { resourceListItem } from './serializers/resource'
import { redirect, setHeader } from './http/responseHeaders'

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

/** GET /resources (active ones) and GET /resources/:id/download (302 to the file, counted on every GET; HEAD is not). */
export const resourceRoutes = (payload: Payload, { recordTtl, answerTtl }: PublicCaching): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .get('/', (c) => {
      const inputs = parseQueryParams(listResources.query, c.req.queries())
      return sendPublicRead(c, { ttl: answerTtl, inputs }, async () => {
        const { page, limit } = inputs
        const result = await payload.find({
          collection: RESOURCES_SLUG,
          depth: 0,
          limit,
          overrideAccess: false,
          page,
          select: { title: true, description: true, fileSize: true, downloadCount: true, createdAt: true },
          sort: ['-createdAt', '-id'],
          user: c.get('user'),
          where: { status: { equals: 'active' } },
        })
        return { data: result.docs.map(resourceListItem), meta: { total: result.totalDocs, page, limit } }
      })
    })
    .get('/:id/download', async (c) => {
      const id = parsePathId(c.req.param('id'), 'Resource')
      const user = c.get('user')
      const fileUrl = user ? await findFileUrl(payload, id, user) : await cached(resourceCacheKey(id), recordTtl, () => findFileUrl(payload, id, null))
      if (fileUrl === null) throw notFound('Resource')
      if (c.req.method === 'GET' && (await incrementCounter(payload, RESOURCES_SLUG, id, 'downloadCount')) === undefined) {
        throw notFound('Resource')
      }
      setHeader(c, 'Cache-Control', 'no-store')
      // Spaces and other characters percent-encoded, escapes already in the stored address kept.
      return redirect(c, encodeUrl(fileUrl), 302)
    })
