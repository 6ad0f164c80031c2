import { type Doc, optionalString } from './common'

type Media = { id: number | string; url?: string | null; sizes?: { thumbnail?: { url?: string | null } } }

const asMedia = (value: unknown): Media | null => (value && typeof value === 'object' && 'id' in value ? (value as Media) : null)

/** Payload's upload URLs are absolute when SERVER_URL is set, root-relative otherwise. */
const mediaUrl = (media: Media | null): string | null => optionalString(media?.url)

const imagesOf = (doc: Doc): Media[] =>
  (Array.isArray(doc.images) ? doc.images : [])
    .map((row) => asMedia((row as { image?: unknown }).image))
    .filter((media): media is Media => media !== null && Boolean(media.url))

const coverOf = (doc: Doc): string | null => mediaUrl(asMedia(doc.coverImage)) ?? mediaUrl(imagesOf(doc)[0] ?? null)

export const galleryListItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: optionalString(doc.description),
  coverImage: coverOf(doc),
  imageCount: imagesOf(doc).length,
})

export const galleryDetail = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: optionalString(doc.description),
  coverImage: coverOf(doc),
  images: imagesOf(doc).map((media) => ({
    id: Number(media.id),
    url: String(media.url),
    thumbnail: optionalString(media.sizes?.thumbnail?.url) ?? String(media.url),
  })),
})
