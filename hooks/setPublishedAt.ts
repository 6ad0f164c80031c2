import type { CollectionBeforeChangeHook } from 'payload'

/** `publishedAt` is stamped the first time a record becomes published and kept afterwards. */
export const setPublishedAt: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (data.status === 'published' && !data.publishedAt && !originalDoc?.publishedAt) {
    return { ...data, publishedAt: new Date().toISOString() }
  }
  return data
}
