import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'
import { pollUntil } from '../helpers/poll'
import { type Receiver, type ReceivedCall, startReceiver } from '../helpers/webhookReceiver'

let service: BootedService
let receiver: Receiver
let category = 0
let admin: Record<string, string> = {}
let editor: Record<string, string> = {}

/** Retries after 300 ms and 600 ms (±20%), so the tests see the schedule at work in a second. */
const RETRY_DELAYS = [300, 600]

type Delivery = {
  id: number
  type: string
  status: string
  messageId: string
  body: string
  attemptCount: number
  lastResult: string | null
  nextAttemptAt: string | null
  attempts: { at: string; statusCode: number | null; durationMs: number; error: string | null }[]
}

const createWebhook = async (data: Record<string, unknown>) => {
  const res = await service.request().post('/cms-api/webhooks').set(admin).send(data)
  if (res.status !== 201) throw new Error(`webhook not created: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.doc as { id: number; url: string; secret: string; events: string[]; active: boolean }
}

const deliveriesOf = async (webhook: number): Promise<Delivery[]> =>
  (
    await service.payload.find({
      collection: 'webhook-deliveries',
      where: { webhook: { equals: webhook } },
      sort: 'createdAt',
      depth: 0,
      limit: 0,
      pagination: false,
    })
  ).docs as unknown as Delivery[]

const settled = (webhook: number, count: number) =>
  pollUntil(`${count} settled deliveries of webhook ${webhook}`, async () => {
    const deliveries = await deliveriesOf(webhook)
    return deliveries.length >= count && deliveries.every((delivery) => delivery.status !== 'pending') ? deliveries : undefined
  })

const bodyOf = (call: ReceivedCall) => JSON.parse(call.body) as { type: string; timestamp: string; data: Record<string, unknown> }
const typesAt = (path: string) => receiver.callsTo(path).map((call) => bodyOf(call).type)

const article = async (extra: Record<string, unknown> = {}) => {
  const res = await service.request().post('/api/admin/articles').set(editor).send({ title: 'Hello hooks', content: 'Text.', categoryId: category, status: 'published', ...extra })
  expect(res.status).toBe(201)
  return res.body.data as { id: number; slug: string; status: string }
}

beforeAll(async () => {
  receiver = await startReceiver()
  service = await bootService({ JOBS_POLL_MS: '100', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: RETRY_DELAYS.join(',') })
  category = await createCategory(service.payload, 'Notes')
  const owner = await createAccount(service.payload, 'admin', 'owner@example.com')
  const writer = await createAccount(service.payload, 'editor', 'writer@example.com')
  admin = { Authorization: `Bearer ${await loginToken(service, owner.email)}` }
  editor = { Authorization: `Bearer ${await loginToken(service, writer.email)}` }
})

afterAll(async () => {
  await service?.stop()
  await receiver?.stop()
})

beforeEach(() => {
  receiver.respond(() => 200)
})

describe('a delivery', () => {
  it('is signed per Standard Webhooks (verified by its reference package) with the exact body of API.md', async () => {
    const webhook = await createWebhook({ url: receiver.url('/signed'), events: ['article.published'] })
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(webhook.active).toBe(true)
    const created = await article({ title: 'Signed and sealed' })
    const [call] = await pollUntil('the signed delivery', async () => (receiver.callsTo('/signed').length ? receiver.callsTo('/signed') : undefined))
    const headers = { 'webhook-id': String(call!.headers['webhook-id']), 'webhook-timestamp': String(call!.headers['webhook-timestamp']), 'webhook-signature': String(call!.headers['webhook-signature']) }
    const verified = new Webhook(webhook.secret).verify(call!.body, headers) as Record<string, unknown>
    expect(Object.keys(verified)).toEqual(['type', 'timestamp', 'data'])
    expect(verified).toEqual({
      type: 'article.published',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { collection: 'articles', id: created.id, slug: `signed-and-sealed-${created.id}`, title: 'Signed and sealed', status: 'published' },
    })
    expect(Object.keys(verified.data as object)).toEqual(['collection', 'id', 'slug', 'title', 'status'])
    expect(headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/)
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30)
    expect(call!.headers['content-type']).toBe('application/json')
    expect(call!.headers['user-agent']).toMatch(/^blog-portfolio-webhooks\//)
    // Another secret does not verify it.
    const other = 'whsec_' + Buffer.alloc(24, 7).toString('base64')
    expect(() => new Webhook(other).verify(call!.body, headers)).toThrow('No matching signature found')
    const [delivery] = await settled(webhook.id, 1)
    expect(delivery).toMatchObject({ type: 'article.published', status: 'succeeded', messageId: headers['webhook-id'], attemptCount: 1, body: call!.body, nextAttemptAt: null })
    expect(delivery!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null })])
    expect(delivery!.lastResult).toMatch(/^200 in \d+ ms$/)
  })

  it('answered 500, 500, then 200 is attempted exactly three times on the schedule, with the same webhook-id', async () => {
    receiver.respond((call) => (call.path === '/flaky' && receiver.callsTo('/flaky').length <= 2 ? { status: 500, body: 'try later' } : 200))
    const webhook = await createWebhook({ url: receiver.url('/flaky'), events: ['article.published'] })
    await article()
    const [delivery] = await settled(webhook.id, 1)
    expect(delivery!.status).toBe('succeeded')
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200])
    expect(delivery!.attempts.map((attempt) => attempt.error)).toEqual(['HTTP 500: try later', 'HTTP 500: try later', null])
    expect(delivery!.attemptCount).toBe(3)
    const calls = receiver.callsTo('/flaky')
    expect(calls).toHaveLength(3)
    expect(new Set(calls.map((call) => call.headers['webhook-id'])).size).toBe(1)
    expect(new Set(calls.map((call) => call.body)).size).toBe(1)
    // Waits of 300 and 600 ms ±20%, plus up to a poll (100 ms) and a turn.
    const gaps = [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at]
    console.log(`retry gaps observed (schedule 300, 600 ms ±20%): ${gaps.join(', ')} ms`)
    expect(gaps[0]).toBeGreaterThanOrEqual(240)
    expect(gaps[0]).toBeLessThan(240 + 120 + 800)
    expect(gaps[1]).toBeGreaterThanOrEqual(480)
    expect(gaps[1]).toBeLessThan(720 + 800)
  })

  it('fails after the last retry when the receiver never accepts', async () => {
    receiver.respond((call) => (call.path === '/down' ? 503 : 200))
    const webhook = await createWebhook({ url: receiver.url('/down'), events: ['article.published'] })
    await article()
    const [delivery] = await settled(webhook.id, 1)
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptAt: null })
    expect(receiver.callsTo('/down')).toHaveLength(RETRY_DELAYS.length + 1)
  })

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    receiver.respond((call) => (call.path === '/moved' ? { status: 302, headers: { Location: receiver.url('/elsewhere') } } : 200))
    const webhook = await createWebhook({ url: receiver.url('/moved'), events: ['article.published'] })
    await article()
    const [delivery] = await settled(webhook.id, 1)
    expect(delivery!.status).toBe('failed')
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 302, error: `redirect to ${receiver.url('/elsewhere')} not followed` })
    expect(receiver.callsTo('/elsewhere')).toHaveLength(0)
  })

  it("trims the webhook's finished deliveries older than 30 days after each attempt; pending ones stay", async () => {
    const webhook = await createWebhook({ url: receiver.url('/trimmed'), events: ['article.published'] })
    const other = await createWebhook({ url: receiver.url('/untouched'), events: ['wall-message.created'] })
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
    const logged = async (hook: number, status: string, createdAt: string) =>
      (
        await service.payload.db.create({
          collection: 'webhook-deliveries',
          data: { webhook: hook, type: 'article.published', status, messageId: `msg_${status}_${createdAt}_${hook}`, body: '{}', attemptCount: 1, createdAt, updatedAt: createdAt },
        })
      ).id as number
    const oldSucceeded = await logged(webhook.id, 'succeeded', daysAgo(31))
    const oldFailed = await logged(webhook.id, 'failed', daysAgo(45))
    const oldPending = await logged(webhook.id, 'pending', daysAgo(40))
    const recent = await logged(webhook.id, 'succeeded', daysAgo(29))
    const otherOld = await logged(other.id, 'succeeded', daysAgo(60))

    await article()
    const fresh = await pollUntil('the new delivery to succeed', async () =>
      (await deliveriesOf(webhook.id)).find((delivery) => delivery.type === 'article.published' && delivery.status === 'succeeded' && delivery.attemptCount === 1 && delivery.attempts.length === 1),
    )

    const kept = (await deliveriesOf(webhook.id)).map((delivery) => delivery.id)
    expect(kept).not.toContain(oldSucceeded)
    expect(kept).not.toContain(oldFailed)
    expect(kept).toEqual(expect.arrayContaining([oldPending, recent, fresh.id]))
    expect((await deliveriesOf(other.id)).map((delivery) => delivery.id)).toEqual([otherOld])
    // Later tests publish articles too: keep this webhook out of them.
    await service.request().patch(`/cms-api/webhooks/${webhook.id}`).set(admin).send({ active: false })
  })

  it('to a dead receiver records the network error and does not slow the save', async () => {
    const dead = await startReceiver()
    const url = dead.url('/gone')
    await dead.stop()
    const webhook = await createWebhook({ url, events: ['article.published'] })
    const started = Date.now()
    await article()
    expect(Date.now() - started).toBeLessThan(2000)
    const [delivery] = await settled(webhook.id, 1)
    expect(delivery!.attempts.map((attempt) => attempt.error)).toEqual(Array(3).fill('connection refused (ECONNREFUSED)'))
    expect(delivery!.attempts.every((attempt) => attempt.statusCode === null)).toBe(true)
  })

  it('to a receiver that hangs is cut at 10 s, and the save answers at once', async () => {
    receiver.respond((call) => (call.path === '/hang' ? 'hang' : 200))
    const webhook = await createWebhook({ url: receiver.url('/hang'), events: ['article.published'] })
    const started = Date.now()
    await article()
    const saveMs = Date.now() - started
    expect(saveMs).toBeLessThan(2000)
    const delivery = await pollUntil(
      'the first attempt to time out',
      async () => {
        const [found] = await deliveriesOf(webhook.id)
        return found && found.attempts.length > 0 ? found : undefined
      },
      { timeoutMs: 20_000 },
    )
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: 'timed out after 10000 ms' })
    expect(delivery.attempts[0]!.durationMs).toBeGreaterThanOrEqual(10_000)
    expect(delivery.attempts[0]!.durationMs).toBeLessThan(11_000)
    // Stop retrying it: the rest of the suite should not wait behind it.
    await service.request().patch(`/cms-api/webhooks/${webhook.id}`).set(admin).send({ active: false })
  }, 40_000)
})

describe('events from every door', () => {
  const PATH = '/doors'
  const received = () => typesAt(PATH)
  // Deliveries of one turn go out together: a receiver may get them in any order (the body's timestamp tells).
  const sorted = (types: string[]) => [...types].sort()
  const bodyOfType = (type: string, from: number) => bodyOf(receiver.callsTo(PATH).slice(from).find((call) => bodyOf(call).type === type)!)
  const waitFor = (count: number) => pollUntil(`${count} deliveries at ${PATH}`, async () => (received().length >= count ? received() : undefined))

  beforeAll(async () => {
    await createWebhook({
      url: receiver.url(PATH),
      events: ['article.published', 'article.updated', 'article.unpublished', 'article.deleted', 'project.published', 'project.updated', 'project.unpublished', 'project.deleted', 'wall-message.created', 'site.updated'],
    })
  })

  it('/api/admin: published, updated, unpublished, deleted; draft edits and draft deletes send nothing', async () => {
    const before = received().length
    const draft = (await service.request().post('/api/admin/articles').set(editor).send({ title: 'Draft', content: 'x', categoryId: category })).body.data
    await service.request().put(`/api/admin/articles/${draft.id}`).set(editor).send({ title: 'Draft, edited' })
    await service.request().put(`/api/admin/articles/${draft.id}`).set(editor).send({ status: 'published' })
    await service.request().put(`/api/admin/articles/${draft.id}`).set(editor).send({ title: 'Published, edited' })
    await service.request().put(`/api/admin/articles/${draft.id}`).set(editor).send({ status: 'draft' })
    await service.request().put(`/api/admin/articles/${draft.id}`).set(editor).send({ status: 'published' })
    expect((await service.request().delete(`/api/admin/articles/${draft.id}`).set(editor)).status).toBe(200)
    const other = (await service.request().post('/api/admin/articles').set(editor).send({ title: 'Never public', content: 'x', categoryId: category })).body.data
    await service.request().delete(`/api/admin/articles/${other.id}`).set(editor)
    await waitFor(before + 5)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(sorted(received().slice(before))).toEqual(sorted(['article.published', 'article.updated', 'article.unpublished', 'article.published', 'article.deleted']))
    const byTime = receiver.callsTo(PATH).slice(before).map(bodyOf).sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    expect(byTime.at(-1)!.type).toBe('article.deleted')
    expect(bodyOfType('article.deleted', before).data).toMatchObject({ collection: 'articles', id: draft.id, title: 'Published, edited', status: 'published' })
  })

  it('/cms-api and the Local API', async () => {
    const before = received().length
    const created = await article({ status: 'draft', title: 'Via cms-api' })
    const res = await service.request().patch(`/cms-api/articles/${created.id}`).set(editor).send({ status: 'published' })
    expect(res.status).toBe(200)
    const project = await service.payload.create({ collection: 'projects', data: { title: 'Local', description: 'x', status: 'published' } })
    await service.payload.update({ collection: 'projects', id: project.id, data: { title: 'Local, renamed' } })
    await service.payload.delete({ collection: 'projects', id: project.id })
    const types = await waitFor(before + 4)
    expect(sorted(types.slice(before))).toEqual(sorted(['article.published', 'project.published', 'project.updated', 'project.deleted']))
    const projectBody = bodyOfType('project.updated', before)
    expect(projectBody.data).toEqual({ collection: 'projects', id: project.id, slug: null, title: 'Local, renamed', status: 'published' })
  })

  it('a version restore (the publication state stays: a published record sends updated)', async () => {
    const before = received().length
    const created = await article({ title: 'First words' })
    await service.request().put(`/api/admin/articles/${created.id}`).set(editor).send({ title: 'Second words' })
    await waitFor(before + 2)
    const versions = await service.request().get(`/cms-api/articles/versions?where[parent][equals]=${created.id}&sort=updatedAt&depth=0`).set(editor)
    const restored = await service.request().post(`/cms-api/articles/versions/${versions.body.docs[0].id}`).set(editor)
    expect(restored.status).toBe(200)
    const types = await waitFor(before + 3)
    expect(sorted(types.slice(before))).toEqual(sorted(['article.published', 'article.updated', 'article.updated']))
    const last = receiver.callsTo(PATH).slice(before).map(bodyOf).sort((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1)!
    expect(last.data).toMatchObject({ id: created.id, title: 'First words', status: 'published' })
  })

  it('a scheduled publish', async () => {
    const before = received().length
    const publishAt = new Date(Date.now() + 1000).toISOString()
    const draft = await article({ status: 'draft', title: 'Scheduled', publishAt })
    expect(draft.status).toBe('draft')
    const types = await waitFor(before + 1)
    expect(types.slice(before)).toEqual(['article.published'])
    expect(bodyOfType('article.published', before).data).toMatchObject({ id: draft.id, status: 'published' })
    expect(receiver.callsTo(PATH).slice(before)[0]!.at).toBeGreaterThanOrEqual(new Date(publishAt).getTime())
  })

  it('the site global, through /cms-api', async () => {
    const before = received().length
    const res = await service.request().post('/cms-api/globals/site').set(editor).send({ hero: { title: 'New hero' } })
    expect(res.status).toBe(200)
    const types = await waitFor(before + 1)
    expect(types.slice(before)).toEqual(['site.updated'])
    expect(bodyOfType('site.updated', before).data).toEqual({ collection: 'site', id: null, slug: null, title: 'New hero', status: null })
  })

  it('a wall message when it appears on the wall; not one waiting for review or spam until it is approved', async () => {
    const before = received().length
    const res = await service.request().post('/api/wall-messages').send({ nickname: 'Ada', content: 'Hello!' })
    expect(res.status).toBe(201)
    await service.request().post('/api/wall-messages').send({ nickname: 'Bot', content: 'Buy now', homepage: 'http://spam.example' })
    const pending = await service.payload.create({ collection: 'wall-messages', data: { nickname: 'Grace', content: 'Later', status: 'pending' } })
    const types = await waitFor(before + 1)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(received().slice(before)).toEqual(['wall-message.created'])
    expect(bodyOfType('wall-message.created', before).data).toEqual({ collection: 'wall-messages', id: res.body.data.id, slug: null, title: 'Ada', status: 'approved' })
    await service.payload.update({ collection: 'wall-messages', id: pending.id, data: { status: 'approved' } })
    await waitFor(types.length + 1)
    expect(bodyOfType('wall-message.created', types.length).data).toMatchObject({ id: pending.id, title: 'Grace' })
  })

  it('webhooks not subscribed to an event, or inactive, get nothing', async () => {
    const onlyProjects = await createWebhook({ url: receiver.url('/projects-only'), events: ['project.published'] })
    const inactive = await createWebhook({ url: receiver.url('/inactive'), events: ['article.published'], active: false })
    const before = received().length
    await article({ title: 'Who hears it' })
    await waitFor(before + 1)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.callsTo('/projects-only')).toHaveLength(0)
    expect(receiver.callsTo('/inactive')).toHaveLength(0)
    expect(await deliveriesOf(onlyProjects.id)).toHaveLength(0)
    expect(await deliveriesOf(inactive.id)).toHaveLength(0)
  })
})

describe('the webhooks collection', () => {
  it('belongs to admins only, on /cms-api and GraphQL; deliveries are read only', async () => {
    const webhook = await createWebhook({ url: receiver.url('/private'), events: ['site.updated'] })
    expect((await service.request().get('/cms-api/webhooks').set(editor)).status).toBe(403)
    expect((await service.request().get(`/cms-api/webhooks/${webhook.id}`).set(editor)).status).toBe(403)
    expect((await service.request().get('/cms-api/webhooks')).status).toBe(403)
    expect((await service.request().post('/cms-api/webhooks').set(editor).send({ url: receiver.url('/x'), events: ['site.updated'] })).status).toBe(403)
    expect((await service.request().get('/cms-api/webhook-deliveries').set(editor)).status).toBe(403)
    const graphql = await service.request().post('/cms-api/graphql').set(editor).send({ query: '{ Webhooks { docs { url secret } } }' })
    expect(JSON.stringify(graphql.body)).not.toContain('whsec_')
    const own = await service.request().get(`/cms-api/webhooks/${webhook.id}`).set(admin)
    expect(own.body).toMatchObject({ url: receiver.url('/private'), secret: webhook.secret })
    expect((await service.request().post('/cms-api/webhook-deliveries').set(admin).send({ webhook: webhook.id, type: 'x', messageId: 'msg_x', body: '{}' })).status).toBe(403)
  })

  it.each([
    ['ftp://example.com/hook', /http:\/\/ or https:\/\//],
    ['/relative/hook', /absolute/],
    ['example.com/hook', /absolute/],
    ['http:/example.com', /http:\/\/ or https:\/\//],
  ])('refuses the URL %j', async (url, message) => {
    const res = await service.request().post('/cms-api/webhooks').set(admin).send({ url, events: ['site.updated'] })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toMatch(message)
  })

  it('refuses an event that does not exist and an empty list', async () => {
    expect((await service.request().post('/cms-api/webhooks').set(admin).send({ url: receiver.url(), events: ['article.viewed'] })).status).toBe(400)
    expect((await service.request().post('/cms-api/webhooks').set(admin).send({ url: receiver.url(), events: [] })).status).toBe(400)
  })

  it('keeps a given secret of the right form, refuses another form, and makes a new one when cleared', async () => {
    const secret = 'whsec_' + Buffer.alloc(24, 1).toString('base64')
    const webhook = await createWebhook({ url: receiver.url(), events: ['site.updated'], secret })
    expect(webhook.secret).toBe(secret)
    for (const bad of ['whsec_short', 'secret', 'whsec_' + Buffer.alloc(32, 1).toString('base64'), 'whsec_' + Buffer.alloc(24, 1).toString('base64url') + '-']) {
      const res = await service.request().patch(`/cms-api/webhooks/${webhook.id}`).set(admin).send({ secret: bad })
      expect(res.status).toBe(400)
    }
    const kept = await service.request().patch(`/cms-api/webhooks/${webhook.id}`).set(admin).send({ active: false })
    expect(kept.body.doc.secret).toBe(secret)
    const cleared = await service.request().patch(`/cms-api/webhooks/${webhook.id}`).set(admin).send({ secret: '' })
    expect(cleared.body.doc.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(cleared.body.doc.secret).not.toBe(secret)
  })

  it('lists its deliveries on its page (a join), newest first', async () => {
    const webhook = await createWebhook({ url: receiver.url('/joined'), events: ['site.updated'] })
    await service.request().post('/cms-api/globals/site').set(admin).send({ hero: { title: 'One' } })
    await service.request().post('/cms-api/globals/site').set(admin).send({ hero: { title: 'Two' } })
    await settled(webhook.id, 2)
    const res = await service.request().get(`/cms-api/webhooks/${webhook.id}?depth=1`).set(admin)
    const docs = res.body.deliveries.docs as Delivery[]
    expect(docs).toHaveLength(2)
    expect(docs.map((doc) => JSON.parse(doc.body).data.title)).toEqual(['Two', 'One'])
  })

  it('deleting a webhook deletes its deliveries', async () => {
    const webhook = await createWebhook({ url: receiver.url('/deleted'), events: ['site.updated'] })
    await service.request().post('/cms-api/globals/site').set(admin).send({ hero: { title: 'Gone soon' } })
    await settled(webhook.id, 1)
    expect((await service.request().delete(`/cms-api/webhooks/${webhook.id}`).set(admin)).status).toBe(200)
    expect(await deliveriesOf(webhook.id)).toHaveLength(0)
  })
})

describe('POST /cms-api/webhooks/:id/test (the admin UI\'s "Send test event")', () => {
  it('sends a signed webhook.test event at once and answers the outcome', async () => {
    const webhook = await createWebhook({ url: receiver.url('/tested'), events: ['article.deleted'], active: false })
    const res = await service.request().post(`/cms-api/webhooks/${webhook.id}/test`).set(admin)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ delivery: expect.any(Number), ok: true, statusCode: 200, durationMs: expect.any(Number), error: null, summary: expect.stringMatching(/^200 in \d+ ms$/) })
    const [call] = receiver.callsTo('/tested')
    const headers = { 'webhook-id': String(call!.headers['webhook-id']), 'webhook-timestamp': String(call!.headers['webhook-timestamp']), 'webhook-signature': String(call!.headers['webhook-signature']) }
    expect(new Webhook(webhook.secret).verify(call!.body, headers)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { collection: 'webhooks', id: webhook.id, slug: null, title: 'Test event', status: null },
    })
    const [delivery] = await deliveriesOf(webhook.id)
    expect(delivery).toMatchObject({ id: res.body.delivery, type: 'webhook.test', status: 'succeeded', attemptCount: 1 })
  })

  it('answers a failure without retrying it', async () => {
    receiver.respond((call) => (call.path === '/test-fails' ? { status: 500, body: 'nope' } : 200))
    const webhook = await createWebhook({ url: receiver.url('/test-fails'), events: ['site.updated'] })
    const res = await service.request().post(`/cms-api/webhooks/${webhook.id}/test`).set(admin)
    expect(res.body).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500: nope' })
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS[0]! * 2))
    expect(receiver.callsTo('/test-fails')).toHaveLength(1)
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'failed', attemptCount: 1 })
  })

  it('is for admins only', async () => {
    const webhook = await createWebhook({ url: receiver.url('/test-denied'), events: ['site.updated'] })
    expect((await service.request().post(`/cms-api/webhooks/${webhook.id}/test`).set(editor)).status).toBe(403)
    expect((await service.request().post(`/cms-api/webhooks/${webhook.id}/test`)).status).toBe(401)
    expect((await service.request().post('/cms-api/webhooks/999999/test').set(admin)).status).toBe(404)
    expect(receiver.callsTo('/test-denied')).toHaveLength(0)
  })
})
