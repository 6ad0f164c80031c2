import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService
let memberToken = ''
let nextIp = 1

// Each test posts from its own client address (TRUST_PROXY is on here), so the per-IP limit does not interfere.
const freshIp = () => `203.0.113.${nextIp++}`
const post = (body: unknown, ip = freshIp()) =>
  service.request().post('/api/wall-messages').set('X-Forwarded-For', ip).send(body as object)

const stored = (id: number) => service.payload.findByID({ collection: 'wall-messages', id, overrideAccess: true })

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true' })
  await createAccount(service.payload, 'admin', 'admin@example.com')
  const member = await createAccount(service.payload, 'user', 'member@example.com')
  await service.payload.update({ collection: 'users', id: member.id, data: { name: 'Grace', avatar: 'https://img.example.com/grace.png' }, overrideAccess: true })
  memberToken = await loginToken(service, 'member@example.com')
})

afterAll(async () => {
  await service?.stop()
})

describe('POST /api/wall-messages', () => {
  it('creates a message: 201 with the list item, visible in the public list', async () => {
    const res = await post({ nickname: '  Ada  ', content: '  Lovely site!  ', email: 'ada@example.com', website: 'https://ada.example.com' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      success: true,
      data: { id: expect.any(Number), nickname: 'Ada', content: 'Lovely site!', avatar: expect.stringContaining('gravatar.com/avatar/'), createdAt: expect.any(String) },
    })
    const doc = await stored(res.body.data.id)
    expect(doc).toMatchObject({ nickname: 'Ada', content: 'Lovely site!', email: 'ada@example.com', status: 'approved' })
    const list = await service.request().get('/api/wall-messages')
    expect(list.body.data[0].id).toBe(res.body.data.id)
  })

  it.each([
    ['nickname', 50, 51],
    ['content', 500, 501],
  ])('%s: %i code points pass, %i fail (astral characters count once)', async (field, ok, tooMany) => {
    const astral = (n: number) => '😀'.repeat(n)
    const base = { nickname: 'N', content: 'C' }
    const accepted = await post({ ...base, [field]: astral(ok) })
    expect(accepted.status).toBe(201)
    expect(accepted.body.data[field]).toBe(astral(ok))
    const refused = await post({ ...base, [field]: astral(tooMany) })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([{ path: field, message: `must be at most ${ok} characters` }])
  })

  it.each([
    [{ content: 'hi' }, 'nickname'],
    [{ nickname: 'N' }, 'content'],
    [{ nickname: '   ', content: 'hi' }, 'nickname'],
    [{ nickname: 'N', content: '  \n ' }, 'content'],
    [{ nickname: 42, content: 'hi' }, 'nickname'],
    [{ nickname: 'N', content: ['hi'] }, 'content'],
    [{ nickname: 'N', content: 'hi', email: 'not-an-email' }, 'email'],
    [{ nickname: 'N', content: 'hi', email: 'a@b' }, 'email'],
    [{ nickname: 'N', content: 'hi', website: 'javascript:alert(1)' }, 'website'],
    [{ nickname: 'N', content: 'hi', website: 'example.com' }, 'website'],
    [{ nickname: 'N', content: 'hi', website: '/relative' }, 'website'],
    [{ nickname: 'N', content: 'hi', website: 42 }, 'website'],
    [{ nickname: 'N', content: 'hi', admin: true }, '(body)'],
  ])('400 for %o (details name %s), nothing stored', async (body, path) => {
    const before = (await service.payload.count({ collection: 'wall-messages', overrideAccess: true })).totalDocs
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path)
    expect((await service.payload.count({ collection: 'wall-messages', overrideAccess: true })).totalDocs).toBe(before)
  })

  it('treats empty optional fields as not given', async () => {
    const res = await post({ nickname: 'N', content: 'hi', email: '', website: null })
    expect(res.status).toBe(201)
    expect((await stored(res.body.data.id)).email ?? null).toBeNull()
  })

  it('stores and returns HTML and script payloads verbatim, as JSON strings', async () => {
    const payloads = ['<script>alert("x")</script>', '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>', "'; DROP TABLE wall_messages; --"]
    for (const content of payloads) {
      const res = await post({ nickname: '<b>bold</b>', content })
      expect(res.status).toBe(201)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body.data.content).toBe(content)
      expect(res.body.data.nickname).toBe('<b>bold</b>')
      expect((await stored(res.body.data.id)).content).toBe(content)
    }
  })

  it('links a logged-in author, who may leave the nickname out, and uses their avatar', async () => {
    const res = await post({ content: 'Signed in' }).set('Authorization', `Bearer ${memberToken}`)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ nickname: 'Grace', avatar: 'https://img.example.com/grace.png' })
    const doc = await stored(res.body.data.id)
    expect(doc.user).toEqual(expect.objectContaining({ email: 'member@example.com' }))
  })

  it('401 for an invalid token instead of posting anonymously', async () => {
    const res = await post({ nickname: 'N', content: 'hi' }).set('Authorization', 'Bearer forged.token.value')
    expect(res.status).toBe(401)
  })

  it('honeypot: 201 to the bot, stored as spam, never listed', async () => {
    const res = await post({ nickname: 'Bot', content: 'cheap pills', homepage: 'http://spam.example.com' })
    expect(res.status).toBe(201)
    expect((await stored(res.body.data.id)).status).toBe('spam')
    expect(res.body).not.toHaveProperty('moderation')
    const list = await service.request().get('/api/wall-messages?limit=100')
    expect(list.body.data.map((m: { id: number }) => m.id)).not.toContain(res.body.data.id)
  })

  it('a client cannot choose the status or the linked user', async () => {
    const res = await post({ nickname: 'N', content: 'hi', status: 'approved' })
    expect(res.status).toBe(400)
  })

  it('rate limit: the 6th POST in a minute from one address is 429 with Retry-After, whether valid or not', async () => {
    const ip = freshIp()
    const statuses = []
    for (let n = 0; n < 5; n++) statuses.push((await post(n % 2 ? { content: '' } : { nickname: 'N', content: `m${n}` }, ip)).status)
    expect(statuses).toEqual([201, 400, 201, 400, 201])
    const limited = await post({ nickname: 'N', content: 'one more' }, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect((await post({ nickname: 'N', content: 'other client' })).status).toBe(201)
  })

  it('rate limit: two IPv6 addresses of one /64 share one budget; another /64 has its own', async () => {
    const statuses = []
    for (let n = 0; n < 5; n++) statuses.push((await post({ nickname: 'N', content: `v6 ${n}` }, `2001:db8:1:1::${n + 1}`)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201])
    const sameSubnet = await post({ nickname: 'N', content: 'from a new address' }, '2001:db8:1:1:ffff:ffff:ffff:ffff')
    expect(sameSubnet.status).toBe(429)
    expect(sameSubnet.body.error.code).toBe('RATE_LIMITED')
    expect((await post({ nickname: 'N', content: 'next /64' }, '2001:db8:1:2::1')).status).toBe(201)
  })
})
