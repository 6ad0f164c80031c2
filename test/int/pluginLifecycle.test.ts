import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPayload, type Payload } from 'payload'

import { composeConfig } from '../../composeConfig'
import { stopTakingJobs } from '../../index'
import { closeDatabase } from '../../lib/db/closeDatabase'
import { readEnv } from '../../lib/env'
import { createArticle, createCategory } from '../helpers/content'
import { pollUntil } from '../helpers/poll'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

/**
 * The plugin runs the jobs queue by itself in any host, without server.ts: where Payload is asked for its crons
 * (`getPayload({ cron: true })`, as Next's route handlers and admin pages do), and not in a command, which calls
 * `getPayload` without them.
 */
describe('the jobs queue, in a host of its own', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-lifecycle-'))
  let database: TestDatabase
  let config: Awaited<ReturnType<typeof composeConfig>>
  let payload: Payload | undefined

  beforeAll(async () => {
    database = await createTestDatabase(dataDir)
    const env = readEnv({ NODE_ENV: 'test', PAYLOAD_SECRET: 'plugin-lifecycle-test', DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN: 'false', JOBS_POLL_MS: '100' })
    config = await composeConfig(env)
  })

  afterAll(async () => {
    await stopTakingJobs()
    if (payload) await closeDatabase(payload)
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const statusOf = async (id: number | string) => (await payload!.findByID({ collection: 'articles', id, depth: 0 })).status

  it('is not run by a command, and is run once the process serves requests', async () => {
    payload = await getPayload({ config })
    const category = await createCategory(payload, 'Notes')
    const publishAt = new Date(Date.now() + 2000).toISOString()
    const draft = await createArticle(payload, { title: 'Scheduled in a host', category, status: 'draft', publishAt })
    expect((await payload.count({ collection: 'payload-jobs' })).totalDocs).toBe(1)

    // Long enough past the moment for a runner polling every 100 ms to have published it.
    await pollUntil('the moment to pass', async () => (Date.now() > new Date(publishAt).getTime() + 1000 ? true : undefined))
    expect(await statusOf(draft.id)).toBe('draft')

    await getPayload({ config, cron: true })
    await pollUntil('the scheduled publish', async () => ((await statusOf(draft.id)) === 'published' ? true : undefined), { timeoutMs: 10_000 })
  })

  it('hands out a new instance after closeDatabase, not the closed one', async () => {
    await stopTakingJobs()
    const closed = payload!
    await closeDatabase(closed)
    payload = await getPayload({ config })
    expect(payload).not.toBe(closed)
    expect((await payload.count({ collection: 'articles' })).totalDocs).toBe(1)
  })
})
