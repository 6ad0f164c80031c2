import { Hono } from 'hono'
import type { Payload } from 'payload'

import { GALLERIES_SLUG } from '../collections/Galleries'
import { notFound } from './http/apiError'
import { parsePathId } from './http/params'
import { sendPublicRead } from './http/publicResponse'
import type { ApiEnv } from './http/requestTypes'
import { galleryDetail, galleryListItem } from './serializers/gallery'

// Payload derives `url` from `filename` after reading, so both are selected.
const MEDIA_FIELDS = { url: true, filename: true, sizes: { thumbnail: { url: true, filename: true } } } as const

/** GET /galleries (public ones, by order) and GET /galleries/:id with its images; anonymous answers kept `ttl` seconds. */
export const galleryRoutes = (payload: Payload, ttl: number): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .get('/', (c) =>
      // The list reads no parameters: every query string shares one answer.
      sendPublicRead(c, { ttl, inputs: {} }, async () => {
        const { docs } = await payload.find({
          collection: GALLERIES_SLUG,
          depth: 1,
          overrideAccess: false,
          pagination: false,
          populate: { media: MEDIA_FIELDS },
          sort: ['order', 'id'],
          user: c.get('user'),
          where: { public: { equals: true } },
        })
        return { data: docs.map(galleryListItem) }
      }),
    )
    .get('/:id', (c) => {
      const id = parsePathId(c.req.param('id'), 'Gallery')
      return sendPublicRead(c, { ttl, inputs: { id } }, async () => {
        const doc = await payload.findByID({
          collection: GALLERIES_SLUG,
          depth: 1,
          disableErrors: true,
          id,
          overrideAccess: false,
          populate: { media: MEDIA_FIELDS },
          user: c.get('user'),
        })
        if (!doc) throw notFound('Gallery')
        return { data: galleryDetail(doc) }
      })
    })
