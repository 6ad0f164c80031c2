import type { CollectionBeforeDeleteHook, CollectionSlug, PayloadRequest, Where } from 'payload'

import { mediaFileNames, mediaFilePath, type MediaFileRoute } from '../lib/mediaFileAddress'
import { RecordInUseError } from '../lib/recordInUse'

type User = { collection: CollectionSlug; one: string; many: string }

/** Records that point at a file by its address: Markdown (an uploaded image in the editor is written there too), URL fields. */
const BY_ADDRESS: (User & { fields: string[] })[] = [
  { collection: 'articles', one: 'article', many: 'articles', fields: ['content', 'coverImage'] },
  { collection: 'projects', one: 'project', many: 'projects', fields: ['content', 'coverImage', 'screenshots'] },
  { collection: 'carousels', one: 'carousel', many: 'carousels', fields: ['imageUrl', 'linkUrl'] },
]

/** Records that hold the media item itself (upload fields). */
const BY_RELATION: (User & { fields: string[] })[] = [
  { collection: 'galleries', one: 'gallery', many: 'galleries', fields: ['coverImage', 'images.image'] },
]

/** The site's settings that may hold a media address. */
const SITE_FIELDS = ['avatar', 'backgroundImage'] as const

/** How many users of each collection the message names; the rest are counted. */
const NAMED = 3

const usesIn = async (req: PayloadRequest, { collection, one, many }: User, where: Where): Promise<{ uses: string[]; total: number }> => {
  // One more than named, without Payload's count: most media have few users, and counting scans again.
  const { docs } = await req.payload.find({ collection, depth: 0, limit: NAMED + 1, overrideAccess: true, pagination: false, req, select: { title: true }, where })
  const totalDocs = docs.length > NAMED ? (await req.payload.count({ collection, overrideAccess: true, req, where })).totalDocs : docs.length
  const named = docs.slice(0, NAMED).map((doc) => `${one} "${String((doc as { title?: unknown }).title ?? doc.id)}"`)
  const rest = totalDocs - named.length
  return { uses: rest > 0 ? [...named, `${rest} more ${rest === 1 ? one : many}`] : named, total: totalDocs }
}

const siteUses = async (req: PayloadRequest, paths: string[]): Promise<string[]> => {
  const site = await req.payload.findGlobal({ slug: 'site', depth: 0, overrideAccess: true, req })
  const hero = (site.hero ?? {}) as Partial<Record<(typeof SITE_FIELDS)[number], null | string>>
  return SITE_FIELDS.some((field) => paths.some((path) => hero[field]?.includes(path))) ? ["the site's hero"] : []
}

/**
 * A media item still used cannot be deleted, on every door: an article, project or carousel would show a broken
 * image, and a gallery's required image would fail the delete half done (its files gone, the record kept). A use is
 * an upload field holding it (indexed), or an address of one of its files (original or a generated size) in Markdown
 * or a URL field (a substring match: Markdown has no index to ask, and a blog's records are few). Drafts count too,
 * whoever asks; earlier versions do not. The message names the first few users of each kind.
 */
export const refuseDeletingUsedMedia: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  const doc = await req.payload.findByID({ collection: collection.slug as CollectionSlug, id, depth: 0, disableErrors: true, overrideAccess: true, req })
  if (!doc) return
  const route: MediaFileRoute = { apiRoute: req.payload.config.routes.api ?? '', collection: collection.slug, serverURL: req.payload.config.serverURL }
  const names = mediaFileNames(doc as { filename?: string; sizes?: unknown })
  // Payload writes names URI-encoded; an author may have written them as they are.
  const paths = [...new Set(names.flatMap((name) => [mediaFilePath(route, name), `${route.apiRoute}/${route.collection}/file/${name}`]))]
  const uses: string[] = []
  let total = 0
  for (const user of BY_ADDRESS) {
    const found = await usesIn(req, user, { or: user.fields.flatMap((field) => paths.map((path) => ({ [field]: { contains: path } }))) })
    uses.push(...found.uses)
    total += found.total
  }
  for (const user of BY_RELATION) {
    const found = await usesIn(req, user, { or: user.fields.map((field) => ({ [field]: { equals: id } })) })
    uses.push(...found.uses)
    total += found.total
  }
  const site = await siteUses(req, paths)
  uses.push(...site)
  total += site.length
  if (total > 0) throw new RecordInUseError('image', uses, `remove it from ${total === 1 ? 'there' : 'them'} first`)
}
