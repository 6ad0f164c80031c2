import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionBeforeChangeHook } from 'payload'

import { cancelScheduledPublish, sameInstant, schedulePublish, type ScheduledCollection } from '../lib/jobs/publishScheduled'

type Scheduled = { id: number; status?: string | null; publishAt?: string | null }

const isPast = (moment: string) => new Date(moment).getTime() <= Date.now()

/**
 * A `publishAt` set (or moved) into the past on a draft publishes it in this very save, back-dated to that moment.
 * Only when it changes: unpublishing a record whose schedule fired long ago keeps it a draft.
 */
export const publishWhenScheduledInPast: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const publishAt: unknown = data.publishAt
  const status: unknown = data.status ?? originalDoc?.status
  if (typeof publishAt !== 'string' || status !== 'draft' || sameInstant(publishAt, originalDoc?.publishAt) || !isPast(publishAt)) return data
  return { ...data, status: 'published', publishedAt: publishAt }
}

/**
 * Keeps the record's queued publish in step with its schedule, in the save's transaction: a draft with a future
 * `publishAt` (or one set in this save) has exactly one; anything else (published, cleared, moved) drops the one it had.
 */
export const syncScheduledPublish =
  (collection: ScheduledCollection): CollectionAfterChangeHook<Scheduled> =>
  async ({ doc, previousDoc, operation, req }) => {
    if (req.context.scheduledPublish) return doc
    // The hook's `doc` holds only what the caller selected (`?select=`, a Local API `select`): then the record is read.
    const record: Scheduled =
      'status' in doc && 'publishAt' in doc
        ? doc
        : await req.payload.findByID({ collection, id: doc.id, depth: 0, overrideAccess: true, req, select: { status: true, publishAt: true } })
    const unchanged = operation === 'update' && record.status === previousDoc?.status && sameInstant(record.publishAt, previousDoc?.publishAt)
    if (unchanged) return doc
    await cancelScheduledPublish(req, collection, doc.id)
    // A moment set in this save that has passed since publishWhenScheduledInPast looked is queued too: it runs at once.
    const setNow = operation === 'create' || !sameInstant(record.publishAt, previousDoc?.publishAt)
    if (record.status === 'draft' && record.publishAt && (setNow || !isPast(record.publishAt))) {
      await schedulePublish(req, req.payload, { collection, id: doc.id, publishAt: record.publishAt })
    }
    return doc
  }

export const cancelScheduledPublishOnDelete =
  (collection: ScheduledCollection): CollectionAfterDeleteHook =>
  async ({ id, req }) => {
    await cancelScheduledPublish(req, collection, Number(id))
  }
