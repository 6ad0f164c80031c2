import type { CollectionBeforeValidateHook, CollectionSlug } from 'payload'

import { slugFromTitle } from '../lib/slug'

const MAX_SUFFIX_TRIES = 1000

/**
 * On create (or when an editor clears the slug) derives a unique slug from the title: a clash gets `-2`, `-3`...
 * An explicit slug is normalised by the same rule.
 */
export const generateSlug =
  (collection: CollectionSlug): CollectionBeforeValidateHook =>
  async ({ data, originalDoc, req }) => {
    if (!data) return data
    const given = typeof data.slug === 'string' ? data.slug.trim() : ''
    const keep = !given && typeof originalDoc?.slug === 'string' && originalDoc.slug && data.slug === undefined
    if (keep) return data
    const title = typeof data.title === 'string' ? data.title : (originalDoc?.title ?? '')
    const base = slugFromTitle(given || title)
    for (let attempt = 1; attempt <= MAX_SUFFIX_TRIES; attempt++) {
      const candidate = attempt === 1 ? base : `${base}-${attempt}`
      const clash = await req.payload.find({
        collection,
        depth: 0,
        limit: 1,
        overrideAccess: true,
        pagination: false,
        req,
        select: {},
        where: {
          and: [{ slug: { equals: candidate } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])],
        },
      })
      if (clash.docs.length === 0) return { ...data, slug: candidate }
    }
    throw new Error(`Could not find a free slug for "${base}"`)
  }
