import { type CollectionBeforeOperationHook, NotFound, type PayloadRequest, type Where } from 'payload'

import { isStaff } from '../lib/roles'

const GALLERY_MEDIA_IDS = 'mediaOfPublicGalleries'

/** The media items public galleries show (covers and images), read once per request. */
const mediaOfPublicGalleries = async (req: PayloadRequest): Promise<number[]> => {
  const cached = req.context[GALLERY_MEDIA_IDS] as number[] | undefined
  if (cached) return cached
  const { docs } = await req.payload.find({
    collection: 'galleries',
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: { coverImage: true, images: true },
    where: { public: { equals: true } },
  })
  const ids = new Set<number>()
  for (const gallery of docs as { coverImage?: unknown; images?: { image?: unknown }[] | null }[]) {
    for (const id of [gallery.coverImage, ...(gallery.images ?? []).map((row) => row.image)]) {
      if (typeof id === 'number') ids.add(id)
    }
  }
  req.context[GALLERY_MEDIA_IDS] = [...ids]
  return [...ids]
}

/**
 * A media record asked for by itself (a REST or GraphQL find, count, distinct values, or one by id), not handed out
 * with a document that holds it: Payload populates relationships with `currentDepth`, which no client can set.
 */
const askedDirectly = (req: PayloadRequest, args: object): boolean =>
  req.payloadAPI !== 'local' && Reflect.get(args, 'currentDepth') === undefined && Reflect.get(args, 'overrideAccess') !== true

/**
 * Anyone but staff reads a media record directly only if a public gallery shows it: an image uploaded for a draft,
 * a hidden gallery or nothing yet is not listed to strangers (by id: a 404). An image comes along as before with
 * what the caller may read that holds it (a public gallery). Files are served by name to everyone (access stays
 * open), as published Markdown and URL fields link them.
 */
export const limitDirectMediaReads: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!['read', 'count', 'readDistinct'].includes(operation) || isStaff(req.user) || !askedDirectly(req, args)) return args
  const shown = await mediaOfPublicGalleries(req)
  const id: unknown = Reflect.get(args, 'id')
  if (id !== undefined) {
    if (!shown.includes(Number(id))) throw new NotFound(req.t)
    return args
  }
  const onlyShown: Where = shown.length > 0 ? { id: { in: shown } } : { id: { exists: false } }
  const where = Reflect.get(args, 'where') as Where | undefined
  return { ...args, where: where ? { and: [where, onlyShown] } : onlyShown }
}
