import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'
import { pollUntil } from '../helpers/poll'
import { callApi, OWNER, sharedDatabaseServers } from '../helpers/sharedDatabaseServers'

let service: BootedService
let category = 0
let auth: Record<string, string> = {}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
const publicStatus = async (id: number) => (await service.request().get(`/api/articles/${id}`)).status
const schedule = async (publishAt: string | null, extra: Record<string, unknown> = {}) => {
  const res = await service.request().post('/api/admin/articles').set(auth).send({ title: `Scheduled ${Math.random()}`, content: 'Soon.', categoryId: category, publishAt, ...extra })
  expect(res.status).toBe(201)
  return res.body.data as { id: number; status: string; publishAt: string | null }
}
const jobsOf = async (id: number) =>
  (await service.payload.find({ collection: 'payload-jobs', where: { queue: { equals: `publish-articles-${id}` } }, limit: 0, depth: 0 })).totalDocs

beforeAll(async () => {
  service = await bootService({ JOBS_POLL_MS: '100' })
  category = await createCategory(service.payload, 'Notes')
  const editor = await createAccount(service.payload, 'editor', 'editor@example.com')
  auth = { Authorization: `Bearer ${await loginToken(service, editor.email)}` }
})

afterAll(async () => {
  await service?.stop()
})

describe('scheduled publishing', () => {
  it('a draft scheduled 3 s ahead is 404 before and 200 after, with publishedAt = publishAt, and lists show it', async () => {
    const publishAt = inSeconds(3)
    const list = async () => (await service.request().get('/api/articles?limit=50')).body.data.map((item: { id: number }) => item.id)
    const draft = await schedule(publishAt)
    expect(draft).toMatchObject({ status: 'draft', publishAt })
    expect(await publicStatus(draft.id)).toBe(404)
    expect(await list()).not.toContain(draft.id)
    expect(await jobsOf(draft.id)).toBe(1)
    await pollUntil('the scheduled publish', async () => ((await publicStatus(draft.id)) === 200 ? true : undefined))
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(publishAt).getTime())
    const published = await service.payload.findByID({ collection: 'articles', id: draft.id, depth: 0 })
    expect(published).toMatchObject({ status: 'published', publishAt, publishedAt: publishAt })
    // The list was answered (and cached) before; the publish cleared the public cache.
    expect(await list()).toContain(draft.id)
    expect(await jobsOf(draft.id)).toBe(0)
  })

  it('clearing publishAt cancels it', async () => {
    const draft = await schedule(inSeconds(1))
    const res = await service.request().put(`/api/admin/articles/${draft.id}`).set(auth).send({ publishAt: null })
    expect(res.body.data.publishAt).toBeNull()
    expect(await jobsOf(draft.id)).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await publicStatus(draft.id)).toBe(404)
  })

  it('moving publishAt keeps one job, for the new moment', async () => {
    const draft = await schedule(inSeconds(60))
    await service.request().put(`/api/admin/articles/${draft.id}`).set(auth).send({ publishAt: inSeconds(1) })
    expect(await jobsOf(draft.id)).toBe(1)
    await pollUntil('the moved publish', async () => ((await publicStatus(draft.id)) === 200 ? true : undefined))
  })

  it('publishing by hand first cancels it and keeps the hand-made publishedAt', async () => {
    const draft = await schedule(inSeconds(60))
    const published = (await service.request().put(`/api/admin/articles/${draft.id}`).set(auth).send({ status: 'published' })).body.data
    expect(await jobsOf(draft.id)).toBe(0)
    expect(published.publishedAt).not.toBe(draft.publishAt)
  })

  it('deleting the draft cancels it', async () => {
    const draft = await schedule(inSeconds(60))
    expect((await service.request().delete(`/api/admin/articles/${draft.id}`).set(auth)).status).toBe(200)
    expect(await jobsOf(draft.id)).toBe(0)
  })

  it('a publishAt in the past publishes at once, back-dated; unpublishing later keeps it a draft', async () => {
    const publishAt = '2024-02-03T04:05:06.000Z'
    const created = await schedule(publishAt)
    expect(created).toMatchObject({ status: 'published', publishedAt: publishAt })
    expect(await publicStatus(created.id)).toBe(200)
    const unpublished = (await service.request().put(`/api/admin/articles/${created.id}`).set(auth).send({ status: 'draft' })).body.data
    expect(unpublished).toMatchObject({ status: 'draft', publishAt })
    expect(await jobsOf(created.id)).toBe(0)
  })

  it('works for projects through the Local API as well', async () => {
    const project = await service.payload.create({
      collection: 'projects',
      data: { title: 'Scheduled project', description: 'Soon.', status: 'draft', publishAt: inSeconds(1) },
    })
    expect((await service.request().get(`/api/projects/${project.id}`)).status).toBe(404)
    await pollUntil('the project publish', async () => ((await service.request().get(`/api/projects/${project.id}`)).status === 200 ? true : undefined))
  })

  it.each([['tomorrow'], ['2026-12-01T09:00:00'], [12], [true]])('refuses publishAt %j with a 400 and changes nothing', async (publishAt) => {
    const res = await service.request().post('/api/admin/articles').set(auth).send({ title: 'Bad', content: 'x', categoryId: category, publishAt })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body.error.details)).toContain('publishAt')
  })
})

describe('scheduled publishing across restarts and processes', () => {
  const { start } = sharedDatabaseServers('schedule', { PAYLOAD_SECRET: 'schedule-test-secret', LOG_LEVEL: 'info' })
  const ADMIN = OWNER
  const api = callApi

  it('a publish due while the service was down runs at the next start; two processes publish each post once', async () => {
    const first = start()
    let second: ReturnType<typeof start> | undefined
    let third: ReturnType<typeof start> | undefined
    try {
      const base = await first.ready
      const token = (await api(base, 'POST', '/api/auth/login', undefined, ADMIN)).body.data.token
      const categoryId = (await api(base, 'POST', '/api/admin/categories', token, { name: 'News', type: 'article' })).body.data.id
      const create = (at: string, publishAt: string) => api(at, 'POST', '/api/admin/articles', token, { title: `Post ${Math.random()}`, content: 'x', categoryId, publishAt })
      const early = (await create(base, inSeconds(2))).body.data
      first.child.kill('SIGTERM')
      await first.exited
      await pollUntil('the moment to pass', async () => (Date.now() > new Date(early.publishAt).getTime() + 500 ? true : undefined))

      second = start()
      const secondBase = await second.ready
      third = start()
      const thirdBase = await third.ready
      const publishedIds = async () => (await api(thirdBase, 'GET', '/api/admin/articles?status=published&limit=50', token)).body.data.map((item: { id: number }) => item.id)
      await pollUntil('the publish missed while down', async () => ((await publishedIds()).includes(early.id) ? true : undefined))

      const moment = inSeconds(8)
      const batch = await Promise.all(Array.from({ length: 10 }, (_, index) => create(index % 2 ? secondBase : thirdBase, moment)))
      // Still drafts: the moment had not come when they were saved, so the jobs publish them.
      expect(batch.map((res) => res.body.data.status)).toEqual(Array(10).fill('draft'))
      const ids = batch.map((res) => res.body.data.id as number)
      // (Each process keeps its own public cache until issue 17: ask the admin API, which reads the database.)
      await pollUntil('all ten scheduled posts', async () => {
        const published = await publishedIds()
        return ids.every((id) => published.includes(id)) ? true : undefined
      })
      // The processes' output reaches this one a while after they wrote it: count once both have stopped and all of
      // it has arrived (a twelfth line would be a post published twice).
      second.child.kill('SIGTERM')
      third.child.kill('SIGTERM')
      await Promise.all([second.exited, third.exited])
      const publishLines = (server: ReturnType<typeof start>) => (server.output().match(/published articles\/\d+ as scheduled/g) ?? []).length
      const byProcess = () => [first, second!, third!].map(publishLines)
      await pollUntil('the publish log lines', async () => (byProcess().reduce((sum, lines) => sum + lines) >= 11 ? true : undefined), { timeoutMs: 5000 })
      // None by the first process: it stopped taking jobs at SIGTERM, before the early post fell due.
      const [byFirst, bySecond, byThird] = byProcess()
      expect({ byFirst, byTheOthers: bySecond! + byThird! }).toEqual({ byFirst: 0, byTheOthers: 11 })
    } finally {
      for (const server of [first, second, third]) server?.child.kill('SIGTERM')
      await Promise.all([first, second, third].map((server) => server?.exited))
    }
  }, 90_000)
})
