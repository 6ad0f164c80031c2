import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type TaskConfig } from 'payload'

import { lockRow } from '../db/lockRow'

export const PUBLISH_SCHEDULED_TASK = 'publishScheduled'

export type ScheduledCollection = 'articles' | 'projects'
export type ScheduledPublish = { collection: ScheduledCollection; id: number; publishAt: string }

/** Each record's scheduled publish waits in a queue of its own, so cancelling it is a plain query on the queue name. */
const queueOf = (collection: ScheduledCollection, id: number) => `publish-${collection}-${id}`

const sameInstant = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? new Date(a).getTime() === new Date(b).getTime() : a === b || (!a && !b)

/** Removes a record's scheduled publish that has not started, in `req`'s transaction. */
export const cancelScheduledPublish = async (req: PayloadRequest, collection: ScheduledCollection, id: number): Promise<void> => {
  await req.payload.delete({
    collection: 'payload-jobs',
    where: { and: [{ queue: { equals: queueOf(collection, id) } }, { processing: { equals: false } }] },
    depth: 0,
    overrideAccess: true,
    req,
  })
}

/** Queues a record's publish for `publishAt`, in `req`'s transaction (so it exists exactly when the save does). */
export const schedulePublish = async (req: PayloadRequest | undefined, payload: Payload, { collection, id, publishAt }: ScheduledPublish) => {
  await payload.jobs.queue({
    task: PUBLISH_SCHEDULED_TASK,
    input: { collection, id, publishAt },
    queue: queueOf(collection, id),
    waitUntil: new Date(publishAt),
    req,
  })
}

/**
 * Publishes the record if it is still a draft scheduled for this very moment, which has come. In one transaction
 * that first locks the record's row (Postgres), so two runners cannot both publish it and an editor's concurrent
 * save is seen. Anything else (published or deleted by hand, rescheduled, cleared) leaves it alone.
 */
export const publishIfDue = async (payload: Payload, scheduled: ScheduledPublish): Promise<'published' | 'not-due' | 'skipped'> => {
  const { collection, id, publishAt } = scheduled
  if (new Date(publishAt).getTime() > Date.now()) return 'not-due'
  const req = await createLocalReq({ context: { scheduledPublish: true } }, payload)
  await initTransaction(req)
  try {
    await lockRow(payload, req, collection, id)
    const doc = await payload.findByID({ collection, id, depth: 0, disableErrors: true, overrideAccess: true, req, select: { status: true, publishAt: true } })
    const due = doc?.status === 'draft' && sameInstant(doc.publishAt, publishAt)
    if (due) await payload.update({ collection, id, data: { status: 'published', publishedAt: publishAt }, depth: 0, overrideAccess: true, req })
    await commitTransaction(req)
    return due ? 'published' : 'skipped'
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

export const publishScheduledTask: TaskConfig<typeof PUBLISH_SCHEDULED_TASK> = {
  slug: PUBLISH_SCHEDULED_TASK,
  label: 'Publish a scheduled draft',
  inputSchema: [
    { name: 'collection', type: 'select', options: ['articles', 'projects'], required: true },
    { name: 'id', type: 'number', required: true },
    { name: 'publishAt', type: 'text', required: true },
  ],
  // A database outage while publishing: tried again, 1 s, 2 s, 4 s … later.
  retries: { attempts: 10, backoff: { type: 'exponential', delay: 1000 } },
  handler: async ({ input, req }) => {
    const outcome = await publishIfDue(req.payload, input)
    if (outcome === 'published') req.payload.logger.info(`published ${input.collection}/${input.id} as scheduled`)
    // Run early (a clock ahead of the database's): wait again for the moment itself.
    if (outcome === 'not-due') await schedulePublish(undefined, req.payload, input)
    return { output: {} }
  },
}

export { sameInstant }
