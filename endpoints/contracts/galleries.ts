import { z } from 'zod'

import { count, dataEnvelope, nullableText, recordId } from './envelope'
import { defineRoute, errors } from './route'

const imageUrl = z.string().meta({ description: 'Absolute when SERVER_URL is set, root-relative otherwise' })

export const galleryListItemSchema = z
  .strictObject({ id: recordId, title: z.string(), description: nullableText, coverImage: imageUrl.nullable(), imageCount: count })
  .meta({ id: 'GalleryListItem' })

export const galleryDetailSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    description: nullableText,
    coverImage: imageUrl.nullable(),
    images: z.array(z.strictObject({ id: recordId, url: imageUrl, thumbnail: imageUrl.meta({ description: '400 px wide (the image itself when it has no thumbnail)' }) })),
  })
  .meta({ id: 'GalleryDetail' })

export type GalleryListItem = z.infer<typeof galleryListItemSchema>
export type GalleryDetail = z.infer<typeof galleryDetailSchema>

export const listGalleries = defineRoute({
  method: 'get',
  path: '/galleries',
  operationId: 'listGalleries',
  tag: 'Galleries',
  summary: 'Public galleries, in their order',
  access: 'token-aware',
  responses: { 200: { description: 'Every public gallery', json: dataEnvelope(z.array(galleryListItemSchema)) } },
})

export const getGallery = defineRoute({
  method: 'get',
  path: '/galleries/{id}',
  operationId: 'getGallery',
  tag: 'Galleries',
  summary: 'One gallery with its images',
  access: 'token-aware',
  params: z.object({ id: z.string().meta({ description: 'The gallery id' }) }),
  responses: { 200: { description: 'The gallery', json: dataEnvelope(galleryDetailSchema) }, ...errors(404) },
})

export const galleryRoutes = [listGalleries, getGallery]
