import type { Access, PayloadRequest, Where } from 'payload'

import { isStaff } from '../lib/roles'

const GALLERY_MEDIA_IDS = 'mediaOfPublicGalleries'

/** The media items a public gallery shows (its cover and its images), read once per request. */
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
 * Staff read every media item. Anyone else reads the records of those a public gallery shows, the only ones a
 * relationship hands out: an image uploaded for a draft, a hidden gallery or nothing yet is not listed to strangers.
 * Files are served by name to everyone, as the public site links them from published Markdown and URL fields.
 */
export const mediaInPublicUseOrStaff: Access = async ({ isReadingStaticFile, req }) => {
  if (isStaff(req.user) || isReadingStaticFile) return true
  const ids = await mediaOfPublicGalleries(req)
  const where: Where = ids.length > 0 ? { id: { in: ids } } : { id: { exists: false } }
  return where
}
