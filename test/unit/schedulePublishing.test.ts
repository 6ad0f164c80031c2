import { describe, expect, it, vi } from 'vitest'
import type { PayloadRequest } from 'payload'

import { syncScheduledPublish } from '../../hooks/schedulePublishing'

/** The request the hook is given: what it queues and cancels is recorded. */
const fakeRequest = () => {
  const queue = vi.fn(async () => ({}))
  const remove = vi.fn(async () => ({ docs: [] }))
  const req = { context: {}, payload: { delete: remove, jobs: { queue } } } as unknown as PayloadRequest
  return { req, queue }
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

const run = (req: PayloadRequest, args: { doc: object; previousDoc?: object; operation: 'create' | 'update' }) =>
  syncScheduledPublish('articles')({ collection: {} as never, context: {}, data: {}, previousDoc: {}, ...args, req } as never)

describe('syncScheduledPublish', () => {
  it('queues a moment set in this save that passed while the save ran (it would otherwise stay a draft)', async () => {
    const { req, queue } = fakeRequest()
    await run(req, { operation: 'create', doc: { id: 1, status: 'draft', publishAt: secondsAgo(0.2) } })
    expect(queue).toHaveBeenCalledTimes(1)
  })

  it('queues nothing when a record published long ago by its schedule is made a draft again', async () => {
    const { req, queue } = fakeRequest()
    const publishAt = secondsAgo(3600)
    await run(req, { operation: 'update', doc: { id: 1, status: 'draft', publishAt }, previousDoc: { id: 1, status: 'published', publishAt } })
    expect(queue).not.toHaveBeenCalled()
  })
})
