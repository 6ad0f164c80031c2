import fs from 'node:fs/promises'
import path from 'node:path'

import type { CollectionBeforeOperationHook, CollectionSlug, PayloadRequest, Where } from 'payload'

import { storedNameOf, uploadToCheck } from './refuseLargeUpload'

/** The end Payload gives each generated size's name: `<base>-<width>x<height>.webp`. */
const SIZE_NAME = /^(.*)-\d+x\d+$/

/** A file name without its extension, as Payload splits it (`.png` and `photo` have none). */
const baseOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.')
  return dot > 0 ? filename.slice(0, dot) : filename
}

/**
 * Whether the files of two media items, named from their bases `a` and `b`, can be the same: an original and its
 * sizes `<base>-WxH.webp` share the base. Two items clash when they have the same base (`photo.jpg` and `photo.png`
 * of the same size write the same size files), or when one's base is the other's with a size's end (an original
 * `demo-1-400x267.webp` is the thumbnail of `demo-1.png`, and will be again if that one is cropped to that size).
 */
const clash = (a: string, b: string): boolean => a === b || SIZE_NAME.exec(a)?.[1] === b || SIZE_NAME.exec(b)?.[1] === a

/** Payload's own renaming of a taken name (getSafeFilename.ts): `photo` -> `photo-1`, `photo-1` -> `photo-2`. */
const nextBase = (base: string): string => {
  const numbered = /^(.*)-(\d+)$/.exec(base)
  return numbered ? `${numbered[1]}-${Number(numbered[2]) + 1}` : `${base}-1`
}

/**
 * The bases of the media items whose files could share a name with `base` or a renaming of it (`base-1`, … all hold
 * its root, the base without its number), read once: `contains` finds a superset on every adapter (case-insensitive,
 * `%` and `_` maybe wildcards), and `clash` decides.
 */
const basesNear = async (req: PayloadRequest, slug: string, base: string): Promise<string[]> => {
  const root = /^(.*)-\d+$/.exec(base)?.[1] ?? base
  const owner = SIZE_NAME.exec(base)?.[1]
  const where: Where = { or: [{ filename: { contains: root } }, ...(owner ? [{ filename: { contains: owner } }] : [])] }
  const { docs } = await req.payload.find({ collection: slug as CollectionSlug, depth: 0, overrideAccess: true, pagination: false, req, select: { filename: true }, where })
  return docs.flatMap((doc) => {
    const filename: unknown = Reflect.get(doc, 'filename')
    return typeof filename === 'string' ? [baseOf(filename)] : []
  })
}

const exists = (file: string) => fs.stat(file).then(() => true, () => false)

/**
 * Names uploads of this process are writing, by collection, held until their records exist (or the upload failed):
 * two uploads of `race.png` at the same moment both found the name free, both wrote `race.png`, and the record that
 * was kept got the other's bytes (the other was refused as a duplicate name). Across processes the race stays.
 */
const inFlight = new Map<string, Set<string>>()
const RESERVATION_MS = 60_000

/** Reserves `base` unless an upload in flight holds a name that clashes with it: checked and taken in one step. */
const reserve = (slug: string, base: string): boolean => {
  const names = inFlight.get(slug) ?? new Set<string>()
  if ([...names].some((other) => clash(base, other))) return false
  inFlight.set(slug, names.add(base))
  // Long enough for any upload's record to be written (its name is then found in the database), or refused.
  setTimeout(() => names.delete(base), RESERVATION_MS).unref()
  return true
}

/**
 * Renames an upload, as Payload renames a taken name (`-1`, `-2`, …), until no other media item's files (its
 * original or its sizes, on disk or in the bucket) can have the names of its files. Payload checks only that no item
 * has the same original name: `demo-1.jpg` beside `demo-1.png` wrote, and on its delete deleted, the other's
 * thumbnails. The file left on disk under the new original name (Payload would rename again) counts as taken too.
 * The item's own earlier file counts as another's: Payload would rename a new file of the same name all the same.
 */
export const keepUploadNamesApart: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  const file = uploadToCheck(args, operation, req)
  const stored = file && storedNameOf(file.name)
  if (!file || !stored) return args
  const first = baseOf(stored)
  const extension = stored.slice(first.length)
  const staticDir = collection.upload && collection.upload.staticDir
  const others = await basesNear(req, collection.slug, first)
  /** Whether `candidate` is free, and if so reserved: after the last wait, so no other upload can take it meanwhile. */
  const claimed = async (candidate: string): Promise<boolean> => {
    if (others.some((other) => clash(candidate, other))) return false
    if (staticDir && (await exists(path.join(staticDir, `${candidate}${extension}`)))) return false
    return reserve(collection.slug, candidate)
  }
  let base = first
  while (!(await claimed(base))) base = nextBase(base)
  if (base !== first) file.name = `${base}${extension}`
  return args
}
