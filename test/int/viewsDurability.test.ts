import http from 'node:http'

import { describe, expect, it } from 'vitest'

import { callApi, OWNER, sharedDatabaseServers } from '../helpers/sharedDatabaseServers'

const BURST = 3000
const CONNECTIONS = 50

describe('counted views across a kill -9', () => {
  const { start } = sharedDatabaseServers('views-kill', { PAYLOAD_SECRET: 'views-durability-secret' })

  it('loses no answered view: the stored count covers every 200 and no more than was sent', async () => {
    const first = start()
    let second: ReturnType<typeof start> | undefined
    try {
      const base = await first.ready
      const token = (await callApi(base, 'POST', '/api/auth/login', undefined, OWNER)).body.data.token
      const categoryId = (await callApi(base, 'POST', '/api/admin/categories', token, { name: 'News', type: 'article' })).body.data.id
      const created = await callApi(base, 'POST', '/api/admin/articles', token, { title: 'Read a lot', content: 'x', categoryId, status: 'published' })
      expect(created.status).toBe(201)
      const id = created.body.data.id as number

      // A burst over 50 connections; the process is killed once a third of it has been answered.
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
      let answered = 0
      let highestShown = 0
      let killed = false
      const view = () =>
        new Promise<void>((resolve) => {
          const request = http.get(`${base}/api/articles/${id}`, { agent }, (res) => {
            let body = ''
            res.on('data', (chunk: Buffer) => (body += chunk.toString()))
            res.on('end', () => {
              if (res.statusCode === 200) {
                answered++
                highestShown = Math.max(highestShown, (JSON.parse(body) as { data: { viewCount: number } }).data.viewCount)
              }
              if (!killed && answered >= BURST / 3) {
                killed = true
                first.child.kill('SIGKILL')
              }
              resolve()
            })
            res.on('error', () => resolve())
          })
          request.on('error', () => resolve())
        })
      await Promise.all(Array.from({ length: BURST }, view))
      agent.destroy()
      expect((await first.exited).signal).toBe('SIGKILL')
      expect(answered).toBeGreaterThanOrEqual(BURST / 3)
      expect(answered).toBeLessThan(BURST)

      second = start()
      const restarted = await second.ready
      const stored = (await callApi(restarted, 'GET', `/cms-api/articles/${id}?depth=0`, token)).body.viewCount as number
      // Every answered view was committed before its answer; views the process took but never answered may count too.
      expect(stored).toBeGreaterThanOrEqual(answered)
      expect(stored).toBeGreaterThanOrEqual(highestShown)
      expect(stored).toBeLessThanOrEqual(BURST)
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL')
      second?.child.kill('SIGTERM')
      await second?.exited
    }
  }, 120_000)
})
