import type { CollectionBeforeChangeHook } from 'payload'

const isPublished = (doc: { status?: unknown } | undefined): boolean => doc?.status === 'published'

/**
 * Feeds identify an article by its address at first publication (`/articles/{feedSlug}-{id}`), so a later slug
 * change does not make feed readers show it again as new. `feedSlug` is stamped the first time the article is
 * published (or created published) and never changed afterwards. An article published before this field existed
 * gets the slug it had while it was published, which is the id the feeds gave it until then.
 */
export const setFeedSlug: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (typeof originalDoc?.feedSlug === 'string' && originalDoc.feedSlug !== '') return { ...data, feedSlug: originalDoc.feedSlug }
  if (typeof data.feedSlug === 'string' && data.feedSlug !== '') return data
  if (!isPublished({ status: data.status ?? originalDoc?.status })) return data
  const slug: unknown = isPublished(originalDoc) ? originalDoc?.slug : (data.slug ?? originalDoc?.slug)
  return typeof slug === 'string' && slug !== '' ? { ...data, feedSlug: slug } : data
}
