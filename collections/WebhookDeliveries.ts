import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'

export const WEBHOOK_DELIVERIES_SLUG = 'webhook-deliveries'

const nobody = () => false

/**
 * The webhooks' outbox and log: one row per event and webhook, written in the same transaction as the change
 * (hooks/emitWebhookEvents.ts), sent and retried by the `deliverWebhook` job (lib/webhooks/outbox.ts), which
 * appends every attempt. Admins read it in the admin UI (also from each webhook's page); nobody writes it through
 * any door.
 */
export const WebhookDeliveries: CollectionConfig = {
  slug: WEBHOOK_DELIVERIES_SLUG,
  access: { create: nobody, delete: nobody, read: isAdmin, update: nobody },
  admin: {
    defaultColumns: ['type', 'status', 'lastResult', 'attemptCount', 'webhook', 'createdAt'],
    description: 'Every event sent to a webhook, with each attempt. Kept by the service; read only.',
    group: 'Site',
    listSearchableFields: ['type', 'messageId'],
    useAsTitle: 'type',
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['webhook', 'createdAt'] }],
  fields: [
    { name: 'webhook', type: 'relationship', relationTo: 'webhooks', required: true, index: true, admin: { readOnly: true } },
    { name: 'type', type: 'text', required: true, index: true, label: 'Event', admin: { readOnly: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      defaultValue: 'pending',
      options: [
        { label: 'Pending', value: 'pending' },
        { label: 'Succeeded', value: 'succeeded' },
        { label: 'Failed', value: 'failed' },
      ],
      admin: { readOnly: true, position: 'sidebar', description: 'Pending: waiting for its next attempt. Failed: every attempt failed, or the webhook was deactivated.' },
    },
    { name: 'attemptCount', type: 'number', defaultValue: 0, label: 'Attempts', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'lastResult', type: 'text', label: 'Last result', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'nextAttemptAt', type: 'date', label: 'Next attempt', admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'messageId',
      type: 'text',
      required: true,
      unique: true,
      label: 'Message id',
      admin: { readOnly: true, description: 'The webhook-id header: the same on every attempt, so a receiver can ignore repeats.' },
    },
    { name: 'body', type: 'code', required: true, admin: { readOnly: true, language: 'json', description: 'The JSON body, byte for byte what each attempt sends.' } },
    {
      name: 'attempts',
      type: 'array',
      admin: { readOnly: true, description: 'Each attempt: when, the answer\'s status (none when no answer came), how long it took, what went wrong.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'at', type: 'date', required: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime', displayFormat: 'yyyy-MM-dd HH:mm:ss' } } },
            { name: 'statusCode', type: 'number', label: 'Status', admin: { readOnly: true } },
            { name: 'durationMs', type: 'number', label: 'Duration (ms)', admin: { readOnly: true } },
          ],
        },
        { name: 'error', type: 'text', admin: { readOnly: true } },
      ],
    },
  ],
}
