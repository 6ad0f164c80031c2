import { Router } from 'express'
import type { Payload } from 'payload'

import { GALLERIES_SLUG } from '../collections/Galleries'
import { notFound } from './http/apiError'
import { parsePathId } from './http/params'
import { sendPublicRead } from './http/publicResponse'
import { galleryDetail, galleryListItem } from './serializers/gallery'

// Payload derives `url` from `filename` after reading, so both are selected.
const MEDIA_FIELDS = { url: true, filename: true, sizes: { thumbnail: { url: true, filename: true } } } as const

/** GET /galleries (public ones, by order) and GET /galleries/:id with its images; anonymous answers kept `ttl` seconds. */
export const galleryRoutes = (payload: Payload, ttl: number): Router => {
  const router = Router()

  router.get('/', (req, res) =>
    sendPublicRead(req, res, { ttl }, async () => {
      const { docs } = await payload.find({
        collection: GALLERIES_SLUG,
        depth: 1,
        overrideAccess: false,
        pagination: false,
        populate: { media: MEDIA_FIELDS },
        sort: ['order', 'id'],
        user: req.user,
        where: { public: { equals: true } },
      })
      return { data: docs.map(galleryListItem) }
    }),
  )

  router.get('/:id', (req, res) =>
    sendPublicRead(req, res, { ttl }, async () => {
      const id = parsePathId(req.params.id, 'Gallery')
      const doc = await payload.findByID({
        collection: GALLERIES_SLUG,
        depth: 1,
        disableErrors: true,
        id,
        overrideAccess: false,
        populate: { media: MEDIA_FIELDS },
        user: req.user,
      })
      if (!doc) throw notFound('Gallery')
      return { data: galleryDetail(doc) }
    }),
  )

  return router
}
