import type { Payload } from 'payload'

import { WEBHOOK_DELIVERIES_SLUG } from '../../collections/WebhookDeliveries'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes a webhook's finished deliveries (succeeded or failed) older than `retentionDays`, so the log does not grow
 * without end. Pending ones are kept whatever their age: they still have attempts to make. Runs after each attempt
 * on that webhook, so a webhook's log is trimmed exactly as often as it grows. One statement, no hooks: the rows
 * are the service's own log, and their attempts go with them (cascade in SQL, embedded in MongoDB).
 */
export const pruneDeliveries = async (payload: Payload, webhookId: number, retentionDays: number, now = Date.now()): Promise<void> => {
  if (retentionDays <= 0) return
  await payload.db.deleteMany({
    collection: WEBHOOK_DELIVERIES_SLUG,
    where: {
      and: [
        { webhook: { equals: webhookId } },
        { status: { not_equals: 'pending' } },
        { createdAt: { less_than: new Date(now - retentionDays * DAY_MS).toISOString() } },
      ],
    },
  })
}
