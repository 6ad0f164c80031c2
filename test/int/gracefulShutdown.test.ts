import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { bootService } from '../helpers/bootService'
import { runKeepAliveLoad } from '../helpers/keepAliveLoad'
import { spawnServer } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const ADMIN = { email: 'owner@example.com', password: 'a long enough password' }
const CONNECTIONS = 50

let dataDir: string
let database: TestDatabase

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-shutdown-'))
  database = await createTestDatabase(dataDir)
})

afterAll(async () => {
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const postJson = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

describe('SIGTERM under keep-alive load', () => {
  it('answers every request already sent, closes each connection with its answer, stores every answered write, exits 0', async () => {
    const server = spawnServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WALL_RATE_LIMIT: '10000',
    })
    let signalledAt = 0
    try {
      const base = await server.ready
      const { token } = (await (await postJson(`${base}/api/auth/login`, ADMIN)).json()).data
      const category = await (await postJson(`${base}/api/admin/categories`, { name: 'Notes' }, token)).json()
      const article = { title: 'Counted', content: 'Text', categoryId: category.data.id, status: 'published' }
      const created = await postJson(`${base}/api/admin/articles`, article, token)
      expect(created.status).toBe(201)
      const slug: string = (await created.json()).data.slug

      // Half the connections post wall messages (a transaction each), half read the article (+1 view each).
      // SIGTERM comes half a second after the server has accepted all of them.
      let signal: () => void = () => {}
      const signalled = new Promise<void>((resolve) => {
        signal = () => {
          setTimeout(() => {
            signalledAt = Date.now()
            server.child.kill('SIGTERM')
            resolve()
          }, 500)
        }
      })
      const load = await runKeepAliveLoad({
        url: base,
        connections: CONNECTIONS,
        until: signalled.then(() => server.exited),
        onEveryConnectionAnswered: () => signal(),
        request: (connection, n) =>
          connection % 2 === 0
            ? { method: 'POST', path: '/api/wall-messages', body: { nickname: `c${connection}`, content: `message ${n}` } }
            : { method: 'GET', path: `/api/articles/${slug}` },
      })
      const { code, at } = await server.exited

      expect(load.unanswered.map((lost) => ({ ...lost, at: lost.at - signalledAt }))).toEqual([])
      expect(Object.keys(load.statuses).sort()).toEqual(['200', '201'])
      expect(load.closingAnswers).toBe(CONNECTIONS) // each busy connection was told it ends, by its next answer
      expect(load.refused).toBe(CONNECTIONS) // then found the server no longer listening
      expect(code).toBe(0)
      expect(at - signalledAt).toBeLessThan(8000)

      const posted = load.answered.get('POST /api/wall-messages 201') ?? 0
      const viewed = load.answered.get(`GET /api/articles/${slug} 200`) ?? 0
      expect(posted).toBeGreaterThan(0)
      expect(viewed).toBeGreaterThan(0)

      const after = await bootService({ DATABASE_URL: database.url, DATA_DIR: path.join(dataDir, 'after') })
      try {
        const wall = await after.request().get('/api/wall-messages?limit=1')
        expect(wall.body.total).toBe(posted)
        const article = await after.request().get(`/api/articles/${slug}`)
        expect(article.body.data.viewCount).toBe(viewed + 1) // this read counts too
      } finally {
        await after.stop()
      }
    } finally {
      server.child.kill('SIGKILL')
    }
  })
})
