import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A webhook's deliveries go with it, on every door, in its transaction: their log means nothing without it, and
 * a pending one is then never sent (its queued attempt finds nothing to do).
 */
export const deleteWebhookDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'webhook-deliveries', req, where: { webhook: { equals: id } } })
}
