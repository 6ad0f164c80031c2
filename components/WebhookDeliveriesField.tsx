'use client'

import { JoinField } from '@payloadcms/ui'
import type { JoinFieldClientComponent } from 'payload'

import { useTestEventsSent } from './webhookTestSignal'

/**
 * The webhook page's Deliveries list (Payload's join field), loaded again after each "Send test event": Payload's
 * table reads its rows once, when it mounts, so a new key mounts it afresh.
 */
export const WebhookDeliveriesField: JoinFieldClientComponent = (props) => {
  const testEventsSent = useTestEventsSent()
  return <JoinField key={testEventsSent} {...props} />
}
