import type { FieldHook } from 'payload'

import { newWebhookSecret } from '../lib/webhooks/events'

/**
 * A webhook's signing secret is generated when none is given: at creation, and when an admin clears it (to replace
 * a leaked one). An update that does not mention it keeps it. Runs before validation, which checks a given one.
 */
export const generateWebhookSecret: FieldHook = ({ value, operation }) => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim()
  if (operation === 'update' && value === undefined) return value
  return newWebhookSecret()
}
