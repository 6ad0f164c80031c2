import { describe, expect, it } from 'vitest'

import { pollUntil } from '../helpers/poll'
import { callApi, OWNER, sharedDatabaseServers } from '../helpers/sharedDatabaseServers'
import { type ReceivedCall, startReceiver } from '../helpers/webhookReceiver'

const ADMIN = OWNER

describe('webhook deliveries across a kill -9', () => {
  const { start } = sharedDatabaseServers('webhooks', {
    PAYLOAD_SECRET: 'webhooks-restart-secret',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // A failed attempt is retried 3 s later (±20%): long enough to kill the service while it waits.
    WEBHOOK_RETRY_DELAYS: '3000,3000,3000',
  })
  const api = callApi

  it('loses no delivery: the ones still pending are sent after the restart, once, with their webhook-id', async () => {
    // Titles with "later" are refused until the restart; the others are accepted at once.
    let refusing = true
    const receiver = await startReceiver((call) => (refusing && JSON.parse(call.body).data.title.includes('later') ? 503 : 200))
    const accepted = (calls: ReceivedCall[]) => calls.filter((call) => !(JSON.parse(call.body).data.title.includes('later') && call.at < restartedAt))
    let restartedAt = Infinity
    const first = start()
    let second: ReturnType<typeof start> | undefined
    try {
      const base = await first.ready
      const token = (await api(base, 'POST', '/api/auth/login', undefined, ADMIN)).body.data.token
      const hook = await api(base, 'POST', '/cms-api/webhooks', token, { url: receiver.url('/rebuild'), events: ['article.published'] })
      expect(hook.status).toBe(201)
      const categoryId = (await api(base, 'POST', '/api/admin/categories', token, { name: 'News', type: 'article' })).body.data.id
      const titles = ['now 1', 'later 1', 'now 2', 'later 2', 'later 3']
      const ids: number[] = []
      for (const title of titles) {
        const res = await api(base, 'POST', '/api/admin/articles', token, { title, content: 'x', categoryId, status: 'published' })
        expect(res.status).toBe(201)
        ids.push(res.body.data.id)
      }
      // Every first attempt made and recorded: two accepted, three refused and waiting for their retry. (Killed
      // between a receiver's answer and its record, an attempt is made again after the restart: at least once.)
      await pollUntil('five recorded first attempts', async () => {
        const log = await api(base, 'GET', '/cms-api/webhook-deliveries?limit=10&depth=0', token)
        const statuses = (log.body?.docs ?? []).filter((doc: { attemptCount: number }) => doc.attemptCount === 1).map((doc: { status: string }) => doc.status)
        return statuses.length === 5 ? true : undefined
      })
      first.child.kill('SIGKILL')
      expect((await first.exited).signal).toBe('SIGKILL')
      const refusedIds = receiver.calls.filter((call) => call.headers['webhook-id'] && JSON.parse(call.body).data.title.includes('later')).map((call) => call.headers['webhook-id'])
      expect(refusedIds).toHaveLength(3)
      const deliveredBefore = receiver.calls.length

      refusing = false
      restartedAt = Date.now()
      second = start()
      await second.ready
      // The killed process held the jobs lease (30 s): the new one, on the same host, sees that process is gone and
      // takes the lease over at once.
      await pollUntil('the three pending deliveries', async () => (receiver.calls.length >= deliveredBefore + 3 ? true : undefined), { timeoutMs: 25_000 })
      expect(second.output()).toContain(`took the jobs lease over from a process that is gone`)
      // Nothing more comes: the accepted ones are not sent again.
      await new Promise((resolve) => setTimeout(resolve, 4000))
      const afterRestart = receiver.calls.slice(deliveredBefore)
      expect(afterRestart.map((call) => call.headers['webhook-id']).sort()).toEqual([...refusedIds].sort())
      expect(afterRestart.every((call) => call.at >= restartedAt)).toBe(true)
      // Each article's publication was accepted exactly once.
      const acceptedIds = accepted(receiver.calls).map((call) => JSON.parse(call.body).data.id as number)
      expect(acceptedIds.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
      const secondBase = await second.ready
      const secondToken = (await api(secondBase, 'POST', '/api/auth/login', undefined, ADMIN)).body.data.token
      const log = await api(secondBase, 'GET', `/cms-api/webhook-deliveries?limit=10&depth=0&sort=createdAt`, secondToken)
      expect(log.body.docs.map((doc: { status: string }) => doc.status)).toEqual(Array(5).fill('succeeded'))
      expect(log.body.docs.map((doc: { attemptCount: number }) => doc.attemptCount)).toEqual([1, 2, 1, 2, 2])
      console.log(
        `after kill -9: ${afterRestart.length} pending deliveries arrived ${afterRestart.map((call) => call.at - restartedAt).join(', ')} ms after the restart began`,
      )
    } finally {
      for (const server of [first, second]) server?.child.kill('SIGKILL')
      await Promise.all([first, second].map((server) => server?.exited))
      await receiver.stop()
    }
  }, 120_000)
})

describe('a stop while a receiver takes its time', () => {
  const { start } = sharedDatabaseServers('webhooks-stop', {
    PAYLOAD_SECRET: 'webhooks-stop-secret',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_DELAYS: '500',
  })

  it('does not wait for it: the attempt is cut, recorded, and made again after the start', async () => {
    let hanging = true
    const receiver = await startReceiver(() => (hanging ? 'hang' : 200))
    const api = callApi
    const first = start()
    let second: ReturnType<typeof start> | undefined
    try {
      const base = await first.ready
      const token = (await api(base, 'POST', '/api/auth/login', undefined, ADMIN)).body.data.token
      expect((await api(base, 'POST', '/cms-api/webhooks', token, { url: receiver.url('/slow'), events: ['site.updated'] })).status).toBe(201)
      expect((await api(base, 'POST', '/cms-api/globals/site', token, { hero: { title: 'Slow' } })).status).toBe(200)
      await pollUntil('the receiver to be called', async () => (receiver.calls.length > 0 ? true : undefined))
      const stopped = Date.now()
      first.child.kill('SIGTERM')
      const { code, at } = await first.exited
      expect(code).toBe(0)
      console.log(`SIGTERM with a hanging webhook attempt in flight: exited after ${at - stopped} ms`)
      expect(at - stopped).toBeLessThan(5000)

      hanging = false
      second = start()
      const secondBase = await second.ready
      await pollUntil('the attempt made again', async () => (receiver.calls.length >= 2 ? true : undefined))
      expect(new Set(receiver.calls.map((call) => call.headers['webhook-id'])).size).toBe(1)
      const secondToken = (await api(secondBase, 'POST', '/api/auth/login', undefined, ADMIN)).body.data.token
      const delivery = await pollUntil('the delivery to succeed', async () => {
        const log = await api(secondBase, 'GET', '/cms-api/webhook-deliveries?depth=0', secondToken)
        return log.body.docs[0]?.status === 'succeeded' ? log.body.docs[0] : undefined
      })
      expect(delivery.attempts.map((attempt: { statusCode: number | null; error: string | null }) => [attempt.statusCode, attempt.error])).toEqual([
        [null, 'the service stopped before the answer came'],
        [200, null],
      ])
    } finally {
      for (const server of [first, second]) server?.child.kill('SIGKILL')
      await Promise.all([first, second].map((server) => server?.exited))
      await receiver.stop()
    }
  }, 60_000)
})
