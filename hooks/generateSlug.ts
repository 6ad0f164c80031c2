import { type CollectionBeforeValidateHook, type CollectionSlug, ValidationError } from 'payload'

import { slugFromTitle } from '../lib/slug'

const CANDIDATES_PER_QUERY = 50
const MAX_SUFFIX = 1000

/** `base`, `base-2`, `base-3`... from suffix `from` (1 stands for the bare base). */
const candidatesFrom = (base: string, from: number): string[] =>
  Array.from({ length: CANDIDATES_PER_QUERY }, (_, index) => from + index).map((n) => (n === 1 ? base : `${base}-${n}`))

/**
 * On create (or when a write clears the slug) derives a unique slug from the title: a clash gets `-2`, `-3`...
 * An explicit slug is normalised by the same rule. Taken candidates are looked up 50 at a time, in one query.
 */
export const generateSlug =
  (collection: CollectionSlug): CollectionBeforeValidateHook =>
  async ({ data, originalDoc, req }) => {
    if (!data) return data
    if (data.slug === undefined && typeof originalDoc?.slug === 'string' && originalDoc.slug) return data
    const given = typeof data.slug === 'string' ? data.slug.trim() : ''
    const title = typeof data.title === 'string' ? data.title : (originalDoc?.title ?? '')
    const base = slugFromTitle(given || title)
    for (let from = 1; from <= MAX_SUFFIX; from += CANDIDATES_PER_QUERY) {
      const candidates = candidatesFrom(base, from)
      const { docs } = await req.payload.find({
        collection,
        depth: 0,
        overrideAccess: true,
        pagination: false,
        req,
        select: { slug: true },
        where: {
          and: [{ slug: { in: candidates } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])],
        },
      })
      const taken = new Set(docs.map((doc) => (doc as { slug?: unknown }).slug))
      const free = candidates.find((candidate) => !taken.has(candidate))
      if (free) return { ...data, slug: free }
    }
    const message = `"${base}" and its numbered forms up to -${MAX_SUFFIX} are taken: give this one a slug of its own`
    throw new ValidationError({ collection, errors: [{ path: 'slug', message }], req })
  }
