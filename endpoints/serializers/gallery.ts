import type { Gallery, Media } from '../../payload-types'
import type { GalleryDetail, GalleryListItem } from '../contracts/galleries'
import { optionalString, populated } from './common'

type ShownMedia = Media & { url: string }

const hasUrl = (media: Media | null): media is ShownMedia => Boolean(media?.url)

/** The gallery's images that can be shown: populated (readable) and with a file. */
const imagesOf = (doc: Pick<Gallery, 'images'>): ShownMedia[] =>
  (doc.images ?? []).map((row) => populated(row.image)).filter(hasUrl)

/** Payload's upload URLs are absolute when SERVER_URL is set, root-relative otherwise. */
const coverOf = (doc: Pick<Gallery, 'coverImage' | 'images'>): string | null =>
  optionalString(populated(doc.coverImage)?.url) ?? imagesOf(doc)[0]?.url ?? null

export const galleryListItem = (doc: Gallery): GalleryListItem => ({
  id: doc.id,
  title: doc.title,
  description: optionalString(doc.description),
  coverImage: coverOf(doc),
  imageCount: imagesOf(doc).length,
})

export const galleryDetail = (doc: Gallery): GalleryDetail => ({
  id: doc.id,
  title: doc.title,
  description: optionalString(doc.description),
  coverImage: coverOf(doc),
  images: imagesOf(doc).map((media) => ({
    id: media.id,
    url: media.url,
    thumbnail: optionalString(media.sizes?.thumbnail?.url) ?? media.url,
  })),
})
