import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

import type { Webhook, WebhookDelivery } from '../../payload-types'
import { afterCommit } from '../db/afterCommit'
import { lockRow } from '../db/lockRow'
import { wakeJobsRunner } from '../jobs/jobsRunner'
import { type DeliveryType, type EventData, eventBody, newMessageId, TEST_EVENT, type WebhookEvent } from './events'
import { retryDelay } from './retrySchedule'
import { type AttemptResult, sendWebhook } from './send'
import { pruneDeliveries } from './pruneDeliveries'
import type { WebhookSettings } from './settings'

export const DELIVER_WEBHOOK_TASK = 'deliverWebhook'
/** Deliveries wait in a queue of their own (the jobs runner runs every queue). */
export const WEBHOOKS_QUEUE = 'webhooks'
/** Server code may set this `req.context` flag on a write that must not notify webhooks (bulk imports). */
export const SKIP_WEBHOOKS_CONTEXT = 'skipWebhooks'

export type DeliveryAttempt = { deliveryId: number; attempt: number }

const idOf = (value: number | { id: number } | null | undefined): number | undefined => (typeof value === 'number' ? value : value?.id)

/** Queues attempt number `attempt` of a delivery, in `req`'s transaction when given, not before `waitUntil`. */
const queueAttempt = async (payload: Payload, req: PayloadRequest | undefined, input: DeliveryAttempt, waitUntil?: Date) => {
  await payload.jobs.queue({ task: DELIVER_WEBHOOK_TASK, input, queue: WEBHOOKS_QUEUE, waitUntil, req })
}

/**
 * The outbox: records a delivery of `type` for every active webhook subscribed to it and queues its first attempt,
 * in the change's own transaction (`req`), so the delivery exists exactly when the change does. Once that
 * transaction commits, the jobs runner is woken to send at once. Nothing is sent here: a slow or dead receiver
 * never touches the save. Database errors propagate (the save fails with its transaction).
 */
export const recordEvent = async (req: PayloadRequest, type: WebhookEvent, data: EventData): Promise<number> => {
  if (req.context?.[SKIP_WEBHOOKS_CONTEXT] === true) return 0
  const { docs } = await req.payload.find({
    collection: 'webhooks',
    where: { and: [{ active: { equals: true } }, { events: { in: [type] } }] },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
    select: { active: true },
  })
  if (docs.length === 0) return 0
  const body = eventBody(type, data)
  for (const webhook of docs) {
    const delivery = await req.payload.create({
      collection: 'webhook-deliveries',
      data: { webhook: webhook.id, type, messageId: newMessageId(), body, status: 'pending', attemptCount: 0 },
      depth: 0,
      overrideAccess: true,
      req,
    })
    await queueAttempt(req.payload, req, { deliveryId: delivery.id, attempt: 1 })
  }
  await afterCommit(req, wakeJobsRunner)
  return docs.length
}

/** One line for lists and the "Send test event" button: `200 in 35 ms`, `timed out after 10000 ms (10002 ms)`. */
export const summarizeAttempt = ({ statusCode, durationMs, error }: AttemptResult): string =>
  statusCode !== null ? `${statusCode} in ${durationMs} ms` : `${error ?? 'failed'} (${durationMs} ms)`

export type DeliveryOutcome = {
  /** `skipped`: nothing sent (already delivered, already attempted by another run, or the webhook is gone). */
  outcome: 'succeeded' | 'retrying' | 'failed' | 'skipped'
  result?: AttemptResult
}

const readDelivery = (payload: Payload, id: number, req?: PayloadRequest) =>
  payload.findByID({ collection: 'webhook-deliveries', id, depth: 0, disableErrors: true, overrideAccess: true, req })

/** Whether attempt `attempt` of this delivery is still to be made: a job run twice (a runner died mid-run) makes it once. */
const isDue = (delivery: WebhookDelivery | null, attempt: number): delivery is WebhookDelivery =>
  delivery !== null && delivery.status === 'pending' && (delivery.attempts?.length ?? 0) < attempt

/**
 * Records an attempt's outcome and what follows, in one transaction that first locks the delivery's row
 * (Postgres): succeeded; or the next attempt queued after the schedule's delay (±20%); or failed after the last
 * one. A test event is never retried. The next attempt is queued before the attempt is recorded, so without
 * transactions (SQLite) a crash between the two can repeat an attempt but never lose the delivery.
 */
const recordAttempt = async (
  payload: Payload,
  { deliveryId, attempt }: DeliveryAttempt,
  at: Date,
  result: AttemptResult,
  settings: WebhookSettings,
): Promise<DeliveryOutcome['outcome']> => {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    await lockRow(payload, req, 'webhook-deliveries', deliveryId)
    const delivery = await readDelivery(payload, deliveryId, req)
    if (!isDue(delivery, attempt)) {
      await commitTransaction(req)
      return 'skipped'
    }
    const attempts = [...(delivery.attempts ?? []), { at: at.toISOString(), statusCode: result.statusCode, durationMs: result.durationMs, error: result.error }]
    const delay = result.ok || delivery.type === TEST_EVENT ? undefined : retryDelay(attempts.length, settings.retryDelaysMs)
    const nextAttemptAt = delay === undefined ? null : new Date(Date.now() + delay)
    if (nextAttemptAt) await queueAttempt(payload, req, { deliveryId, attempt: attempts.length + 1 }, nextAttemptAt)
    const status = result.ok ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed'
    await payload.update({
      collection: 'webhook-deliveries',
      id: deliveryId,
      data: { attempts, attemptCount: attempts.length, lastResult: summarizeAttempt(result), nextAttemptAt: nextAttemptAt?.toISOString() ?? null, status },
      depth: 0,
      overrideAccess: true,
      req,
    })
    await commitTransaction(req)
    return status === 'pending' ? 'retrying' : status
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** Marks a delivery that will never be sent as failed, saying why. */
const giveUp = async (payload: Payload, deliveryId: number, reason: string) => {
  await payload.update({
    collection: 'webhook-deliveries',
    where: { and: [{ id: { equals: deliveryId } }, { status: { equals: 'pending' } }] },
    data: { status: 'failed', lastResult: reason, nextAttemptAt: null },
    depth: 0,
    overrideAccess: true,
  })
}

/**
 * Makes attempt number `attempt` of a delivery, if it is still due: reads the delivery and its webhook, sends
 * (lib/webhooks/send.ts: address check, signature, 10 s limit) and records the outcome. Safe to run twice for one
 * attempt: the second run finds the attempt recorded and does nothing (at-least-once delivery, with the same
 * `webhook-id` on every attempt, as the Standard Webhooks specification expects). A webhook deactivated since the
 * event fails its pending deliveries without sending them; a deleted one took its deliveries with it.
 */
export const attemptDelivery = async (payload: Payload, input: DeliveryAttempt, settings: WebhookSettings): Promise<DeliveryOutcome> => {
  const delivery = await readDelivery(payload, input.deliveryId)
  if (!isDue(delivery, input.attempt)) return { outcome: 'skipped' }
  const webhookId = idOf(delivery.webhook)
  const webhook: Webhook | null = webhookId === undefined ? null : await payload.findByID({ collection: 'webhooks', id: webhookId, depth: 0, disableErrors: true, overrideAccess: true })
  if (!webhook || (!webhook.active && delivery.type !== TEST_EVENT)) {
    await giveUp(payload, delivery.id, webhook ? 'not sent: the webhook was deactivated' : 'not sent: the webhook was deleted')
    return { outcome: 'skipped' }
  }
  const at = new Date()
  const result = await sendWebhook(
    { url: webhook.url, secret: webhook.secret ?? '', messageId: delivery.messageId, body: delivery.body },
    { allowPrivate: settings.allowPrivate },
  )
  const outcome = await recordAttempt(payload, input, at, result, settings)
  await pruneDeliveries(payload, webhook.id, settings.deliveryRetentionDays)
  if (!result.ok) payload.logger.warn(`webhook delivery ${delivery.id} (${delivery.type}) to webhook ${webhook.id} failed: ${summarizeAttempt(result)}`)
  return { outcome, result }
}

/**
 * The admin UI's "Send test event": records a `webhook.test` delivery to this webhook (active or not, whatever
 * it subscribes to) and makes its one attempt now, answering the outcome. Not retried.
 */
export const sendTestEvent = async (payload: Payload, webhook: Pick<Webhook, 'id'>, settings: WebhookSettings): Promise<DeliveryOutcome & { deliveryId: number }> => {
  const type: DeliveryType = TEST_EVENT
  const delivery = await payload.create({
    collection: 'webhook-deliveries',
    data: {
      webhook: webhook.id,
      type,
      messageId: newMessageId(),
      body: eventBody(type, { collection: 'webhooks', id: webhook.id, slug: null, title: 'Test event', status: null }),
      status: 'pending',
      attemptCount: 0,
    },
    depth: 0,
    overrideAccess: true,
  })
  return { deliveryId: delivery.id, ...(await attemptDelivery(payload, { deliveryId: delivery.id, attempt: 1 }, settings)) }
}
