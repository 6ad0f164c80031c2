import type { CollectionConfig, Endpoint } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { deleteRowsPointingAt } from '../hooks/deleteRowsPointingAt'
import { generateWebhookSecret } from '../hooks/webhookSecret'
import { ADMIN_COMPONENT_PATHS } from '../lib/adminComponentPaths'
import { hasRole } from '../lib/roles'
import { isWebhookSecret, WEBHOOK_EVENTS, WEBHOOK_SECRET_MESSAGE } from '../lib/webhooks/events'
import { sendTestEvent, summarizeAttempt } from '../lib/webhooks/outbox'
import type { WebhookSettings } from '../lib/webhooks/settings'
import { checkWebhookUrl } from '../lib/webhooks/webhookUrl'

export const WEBHOOKS_SLUG = 'webhooks'

const refusal = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status })

/**
 * `POST /cms-api/webhooks/:id/test` (admins): records a `webhook.test` delivery and sends it at once, answering
 * `{ok, statusCode, durationMs, error, summary, delivery}` (200 whatever the receiver said). The admin UI's "Send
 * test event" button calls it.
 */
const testEndpoint = (settings: WebhookSettings): Endpoint => ({
  path: '/:id/test',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return refusal(401, 'You must be logged in.')
    if (!hasRole(req.user, 'admin')) return refusal(403, 'You are not allowed to perform this action.')
    const id = Number(req.routeParams?.id)
    const webhook = Number.isSafeInteger(id) && id > 0 ? await req.payload.findByID({ collection: WEBHOOKS_SLUG, id, depth: 0, disableErrors: true, overrideAccess: true }) : null
    if (!webhook) return refusal(404, 'Not Found')
    const { deliveryId, result } = await sendTestEvent(req.payload, webhook, settings)
    if (!result) return refusal(409, 'The test event was not sent.')
    return Response.json({ delivery: deliveryId, ok: result.ok, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error, summary: summarizeAttempt(result) })
  },
})

/**
 * Receivers of change notifications (API.md "Webhooks"): admins only, on every door (admin UI, `/cms-api`, GraphQL).
 * Each event is signed with the webhook's secret per the Standard Webhooks specification; its deliveries and their
 * attempts are listed on the webhook's page.
 */
export const createWebhooks = (settings: WebhookSettings): CollectionConfig => ({
  slug: WEBHOOKS_SLUG,
  access: { create: isAdmin, delete: isAdmin, read: isAdmin, update: isAdmin },
  admin: {
    defaultColumns: ['url', 'events', 'active', 'updatedAt'],
    description: 'Addresses told about published changes (to rebuild a static site, for example). Each gets signed POSTs per the Standard Webhooks specification.',
    group: 'Site',
    hidden: ({ user }) => !hasRole(user, 'admin'),
    useAsTitle: 'url',
  },
  defaultSort: '-createdAt',
  endpoints: [testEndpoint(settings)],
  // A webhook's deliveries go with it: their log means nothing without it, and a pending one is then never sent (its
  // queued attempt finds nothing to do).
  hooks: { beforeDelete: [deleteRowsPointingAt('webhook-deliveries', 'webhook')] },
  fields: [
    {
      name: 'url',
      type: 'text',
      required: true,
      label: 'URL',
      validate: (value: unknown) => checkWebhookUrl(value, settings.allowPrivate),
      admin: { placeholder: 'https://example.com/hooks/rebuild', description: 'Where each event is POSTed. Redirects are not followed.' },
    },
    {
      name: 'events',
      type: 'select',
      hasMany: true,
      required: true,
      options: WEBHOOK_EVENTS.map((event) => ({ label: event, value: event })),
      admin: { description: 'The events sent to this URL.' },
    },
    { name: 'active', type: 'checkbox', defaultValue: true, admin: { position: 'sidebar', description: 'Inactive: no events are sent (pending ones fail).' } },
    {
      name: 'secret',
      type: 'text',
      validate: (value: unknown) => (value === undefined || value === null || value === '' || (typeof value === 'string' && isWebhookSecret(value)) ? true : `The secret ${WEBHOOK_SECRET_MESSAGE}.`),
      hooks: { beforeValidate: [generateWebhookSecret] },
      admin: {
        position: 'sidebar',
        description: 'Signs every delivery. Give it to the receiver to verify them. Left empty, one is generated; clear it and save to replace it.',
      },
    },
    {
      name: 'sendTestEvent',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: ADMIN_COMPONENT_PATHS.SendTestEvent } },
    },
    {
      name: 'deliveries',
      type: 'join',
      collection: 'webhook-deliveries',
      on: 'webhook',
      defaultLimit: 10,
      defaultSort: '-createdAt',
      admin: {
        allowCreate: false,
        components: { Field: ADMIN_COMPONENT_PATHS.WebhookDeliveriesField },
        defaultColumns: ['type', 'status', 'lastResult', 'attemptCount', 'createdAt'],
        description: 'The newest first; open one to see each attempt.',
      },
    },
  ],
})
