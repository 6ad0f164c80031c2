import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'
import { pollUntil } from '../helpers/poll'
import { type Receiver, startReceiver } from '../helpers/webhookReceiver'

// With the default JOBS_POLL_MS (1000), a delivery waiting for the runner's next look would take 0-1 s (500 ms
// in the median); the save's commit wakes the runner, so it goes out at once.
let service: BootedService
let receiver: Receiver
let category = 0
let editor: Record<string, string> = {}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!

beforeAll(async () => {
  receiver = await startReceiver()
  service = await bootService({ WEBHOOK_ALLOW_PRIVATE: 'true' })
  category = await createCategory(service.payload, 'Notes')
  const writer = await createAccount(service.payload, 'editor', 'writer@example.com')
  editor = { Authorization: `Bearer ${await loginToken(service, writer.email)}` }
  const owner = await createAccount(service.payload, 'admin', 'owner@example.com')
  const admin = { Authorization: `Bearer ${await loginToken(service, owner.email)}` }
  await service.request().post('/cms-api/webhooks').set(admin).send({ url: receiver.url('/latency'), events: ['article.published'] }).expect(201)
})

afterAll(async () => {
  await service?.stop()
  await receiver?.stop()
})

describe('webhook delivery latency', () => {
  it('reaches the receiver within a few tens of milliseconds of the commit, not at the next poll', async () => {
    const fromAnswer: number[] = []
    const fromRequest: number[] = []
    for (let i = 0; i < 20; i++) {
      // Saves land at every phase of the runner's 1 s poll.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)))
      const count = receiver.calls.length
      const sent = Date.now()
      const res = await service.request().post('/api/admin/articles').set(editor).send({ title: `Fast ${i}`, content: 'x', categoryId: category, status: 'published' })
      const answered = Date.now()
      expect(res.status).toBe(201)
      const call = await pollUntil('the delivery', async () => receiver.calls[count], { everyMs: 1 })
      fromAnswer.push(call.at - answered)
      fromRequest.push(call.at - sent)
    }
    const a = [...fromAnswer].sort((x, y) => x - y)
    const r = [...fromRequest].sort((x, y) => x - y)
    console.log(
      `webhook latency over ${a.length} saves (JOBS_POLL_MS=1000): save answered -> receiver called: median ${percentile(a, 0.5)} ms, ` +
        `min ${a[0]}, p90 ${percentile(a, 0.9)}, max ${a.at(-1)}; save sent -> receiver called: median ${percentile(r, 0.5)} ms, max ${r.at(-1)}`,
    )
    expect(percentile(a, 0.5)).toBeLessThan(250)
  })
})
