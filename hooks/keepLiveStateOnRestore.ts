import type { CollectionBeforeChangeHook } from 'payload'

/**
 * What a restore leaves as it is: restoring an earlier version brings back what the editor wrote (title, slug,
 * content, excerpt, images, category …), not the record's life since then. Its publication (status, schedule,
 * first publication date, feed id), its counters and its author stay those of the live record.
 */
export const keepLiveStateOnRestore =
  (fields: string[]): CollectionBeforeChangeHook =>
  ({ data, originalDoc, req }) => {
    if (!req.context.isRestoringVersion || !originalDoc) return data
    return { ...data, ...Object.fromEntries(fields.filter((field) => field in originalDoc).map((field) => [field, originalDoc[field]])) }
  }
