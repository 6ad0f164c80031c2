import { randomBytes } from 'node:crypto'

/** The events a webhook may subscribe to (API.md). */
export const WEBHOOK_EVENTS = [
  'article.published',
  'article.updated',
  'article.unpublished',
  'article.deleted',
  'project.published',
  'project.updated',
  'project.unpublished',
  'project.deleted',
  'wall-message.created',
  'site.updated',
] as const

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The event of the admin UI's "Send test event" (and `POST /cms-api/webhooks/:id/test`): never subscribed to. */
export const TEST_EVENT = 'webhook.test'

export type DeliveryType = WebhookEvent | typeof TEST_EVENT

/** Where an event's record lives: the Payload slug, and the global for `site`. */
export type EventCollection = 'articles' | 'projects' | 'wall-messages' | 'site' | 'webhooks'

/** What every delivery's body says about the record (API.md): `slug` is the public slug, null where none. */
export type EventData = {
  collection: EventCollection
  id: number | null
  slug: string | null
  title: string | null
  status: string | null
}

export type EventBody = { type: DeliveryType; timestamp: string; data: EventData }

/** The exact body sent, on the first attempt and every retry. */
export const eventBody = (type: DeliveryType, data: EventData, at: Date = new Date()): string =>
  JSON.stringify({ type, timestamp: at.toISOString(), data } satisfies EventBody)

/** A Standard Webhooks message id (`webhook-id`): unique per event and webhook, the same on every retry. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`

const SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 24

/** A new signing secret: `whsec_` + base64 of 24 random bytes (API.md). */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`

/** API.md: a given secret must have the generated form, `whsec_` + base64 (standard alphabet, padded) of 24 bytes. */
export const isWebhookSecret = (value: string): boolean => {
  if (!value.startsWith(SECRET_PREFIX)) return false
  const encoded = value.slice(SECRET_PREFIX.length)
  return /^[A-Za-z0-9+/]{32}$/.test(encoded) && Buffer.from(encoded, 'base64').length === SECRET_BYTES
}

export const WEBHOOK_SECRET_MESSAGE = 'must be "whsec_" followed by the base64 of 24 random bytes (32 characters); leave it empty to have one generated'
