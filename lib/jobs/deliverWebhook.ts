import type { TaskConfig } from 'payload'

import { attemptDelivery, DELIVER_WEBHOOK_TASK } from '../webhooks/outbox'
import type { WebhookSettings } from '../webhooks/settings'

/**
 * Makes one attempt of a webhook delivery (lib/webhooks/outbox.ts). A receiver's failure is not an error of the
 * job: the delivery queues its own next attempt on API.md's schedule. The job's own retries cover a database
 * outage while recording (1 s, 2 s, 4 s … later); the attempt may then be repeated, with the same webhook-id.
 */
export const deliverWebhookTask = (settings: WebhookSettings): TaskConfig<typeof DELIVER_WEBHOOK_TASK> => ({
  slug: DELIVER_WEBHOOK_TASK,
  label: 'Deliver a webhook',
  inputSchema: [
    { name: 'deliveryId', type: 'number', required: true },
    { name: 'attempt', type: 'number', required: true },
  ],
  retries: { attempts: 10, backoff: { type: 'exponential', delay: 1000 } },
  handler: async ({ input, req }) => {
    await attemptDelivery(req.payload, input, settings)
    return { output: {} }
  },
})
