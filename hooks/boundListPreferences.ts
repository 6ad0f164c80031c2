import type { CollectionAfterReadHook, CollectionBeforeChangeHook, CollectionSlug, Payload } from 'payload'

/** The key under which Payload keeps a user's list view settings for a collection. */
const LIST_KEY = /^collection-(.+)$/

/** The largest page a collection's list view offers (its `admin.pagination`; Payload's default is 100). */
const largestListPage = (payload: Payload, key: unknown): number | undefined => {
  const slug = typeof key === 'string' ? LIST_KEY.exec(key)?.[1] : undefined
  const pagination = slug ? payload.collections[slug as CollectionSlug]?.config.admin.pagination : undefined
  return pagination && Math.max(pagination.defaultLimit ?? 10, ...(pagination.limits ?? []))
}

/** List settings with a page size the list view offers: a larger one is cut to the largest, one that is no page size goes. */
const boundedListSettings = (payload: Payload, key: unknown, value: unknown): unknown => {
  const largest = largestListPage(payload, key)
  if (largest === undefined || typeof value !== 'object' || value === null || !('limit' in value)) return value
  const { limit, ...rest } = value as Record<string, unknown>
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1 ? { ...rest, limit: Math.min(limit, largest) } : rest
}

/**
 * The admin list view takes its page size from the address (`?limit=`) into the user's preferences, and reads every
 * later page of that list with the stored one, on no bound: `?limit=-1` (SQLite reads it as no limit) or `?limit=1000`
 * on 10,000 articles ran the service out of heap, at that visit and at every later visit of that user to the list.
 * So a stored page size stays within the sizes the list offers, on writes and on reads of what older versions stored.
 */
export const boundListPageSizeOnWrite: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (!('value' in data)) return data
  return { ...data, value: boundedListSettings(req.payload, data.key ?? originalDoc?.key, data.value) }
}

export const boundListPageSizeOnRead: CollectionAfterReadHook = ({ doc, req }) => {
  const value = boundedListSettings(req.payload, doc.key, doc.value)
  return value === doc.value ? doc : { ...doc, value }
}
