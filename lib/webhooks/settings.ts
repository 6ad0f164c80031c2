import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from './retrySchedule'

/** How webhooks are delivered: from the environment (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_DELAYS, WEBHOOK_DELIVERY_RETENTION_DAYS) through the plugin's options. */
export type WebhookSettings = {
  /** Receivers may be on loopback, private and link-local addresses (and `localhost`). */
  allowPrivate: boolean
  /** Milliseconds before each retry of a failed delivery, each ±20%; one retry per entry. */
  retryDelaysMs: number[]
  /** Days a finished delivery stays in the log; 0 keeps them all. */
  deliveryRetentionDays: number
}

export const DEFAULT_WEBHOOK_DELIVERY_RETENTION_DAYS = 30

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivate: false,
  retryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  deliveryRetentionDays: DEFAULT_WEBHOOK_DELIVERY_RETENTION_DAYS,
}
