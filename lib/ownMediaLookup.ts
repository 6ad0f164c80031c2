import type { CollectionSlug, PayloadRequest } from 'payload'

import type { OwnMedia } from './markdown/ownMedia'
import type { UploadDoc } from './markdown/uploadNodes'
import { type MediaFileRoute, ownMediaFileName } from './mediaFileAddress'

/** At most this many distinct file names of one text are looked up; images past them stay images by URL. */
const LOOKED_UP = 100

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The names after each `<route>/file/` in a text: the files it may point at (a cheap scan, no Markdown parsing). */
const fileNamesIn = (markdown: string, route: MediaFileRoute): string[] => {
  const pattern = new RegExp(`${escapeRegExp(`${route.apiRoute}/${route.collection}/file/`)}([^\\s()<>"'\\]?#/]+)`, 'g')
  const names = new Set<string>()
  for (const [, encoded] of markdown.matchAll(pattern)) {
    if (names.size === LOOKED_UP) break
    try {
      names.add(decodeURIComponent(encoded!))
    } catch {
      // Not a name Payload wrote: it stays an image by URL.
    }
  }
  return [...names]
}

/**
 * Looks up the media items a Markdown text's images may point at (one query on the unique `filename` index) and
 * answers, for an image's address, the media item it is one of this service's files of.
 */
export const lookUpOwnMedia = async (req: PayloadRequest, collection: CollectionSlug, markdown: string): Promise<OwnMedia> => {
  const route: MediaFileRoute = { apiRoute: req.payload.config.routes.api ?? '', collection, serverURL: req.payload.config.serverURL }
  const names = fileNamesIn(markdown, route)
  if (names.length === 0) return { relationTo: collection, find: () => undefined }
  const { docs } = await req.payload.find({ collection, depth: 0, limit: LOOKED_UP, overrideAccess: true, pagination: false, req, where: { filename: { in: names } } })
  const byName = new Map(
    docs.flatMap((doc) => {
      const upload = doc as UploadDoc
      return typeof upload.filename === 'string' && typeof upload.url === 'string' ? [[upload.filename, upload] as const] : []
    }),
  )
  return {
    relationTo: collection,
    find: (url) => {
      const name = ownMediaFileName(url, route)
      return name === undefined ? undefined : byName.get(name)
    },
  }
}
