import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService } from '../helpers/bootService'
import { spawnServer } from '../helpers/serverProcess'
import { publishArticleAs, sigtermUnderMixedLoad } from '../helpers/sigtermUnderLoad'
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
    try {
      const base = await server.ready
      const { slug } = await publishArticleAs(base, ADMIN)
      const { load, signalledAt, exit } = await sigtermUnderMixedLoad(server, base, slug, CONNECTIONS)

      expect(load.unanswered.map((lost) => ({ ...lost, at: lost.at - signalledAt }))).toEqual([])
      expect(Object.keys(load.statuses).sort()).toEqual(['200', '201'])
      expect(load.closingAnswers).toBe(CONNECTIONS) // each busy connection was told it ends, by its next answer
      expect(load.refused).toBe(CONNECTIONS) // then found the server no longer listening
      expect(exit.code).toBe(0)
      expect(exit.at - signalledAt).toBeLessThan(8000)
      // Closing the pool releases the clients still checked out, never an idle one a second time.
      expect(server.output()).not.toContain('released twice')

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
