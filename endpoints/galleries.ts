import { Router } from 'express'
import type { Payload } from 'payload'

import { GALLERIES_SLUG } from '../collections/Galleries'
import { notFound } from './http/apiError'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { parsePathId } from './http/params'
import type { Doc } from './serializers/common'
import { galleryDetail, galleryListItem } from './serializers/gallery'

// Payload derives `url` from `filename` after reading, so both are selected.
const MEDIA_FIELDS = { url: true, filename: true, sizes: { thumbnail: { url: true, filename: true } } } as const

/** GET /galleries (public ones, by order) and GET /galleries/:id with its images. */
export const galleryRoutes = (payload: Payload): Router => {
  const router = Router()

  router.get('/', async (req, res) => {
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
    setPublicCaching(req, res)
    sendData(res, (docs as Doc[]).map(galleryListItem))
  })

  router.get('/:id', async (req, res) => {
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
    setPublicCaching(req, res)
    sendData(res, galleryDetail(doc as unknown as Doc))
  })

  return router
}
