import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollectionSlug } from 'payload'

import { createAccount, loginToken, PASSWORD } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService
let adminToken = ''
let categoryId = 0

beforeAll(async () => {
  service = await bootService()
  await createAccount(service.payload, 'admin', 'admin@example.com')
  adminToken = await loginToken(service, 'admin@example.com')
  categoryId = Number((await service.payload.create({ collection: 'categories', data: { name: 'Notes', type: 'article' } })).id)
})

afterAll(async () => {
  await service?.stop()
})

/** A valid body's JSON with a `__proto__` key spliced in as raw text (an object literal would set a prototype instead). */
const withProtoKey = (valid: Record<string, unknown>, protoJson = '{"polluted":"yes"}') =>
  `${JSON.stringify(valid).slice(0, -1)},"__proto__":${protoJson}}`

const sendRaw = (method: 'post' | 'put', path: string, body: string, token?: string) => {
  const request = service.request()[method](path).set('Content-Type', 'application/json')
  return (token ? request.set('Authorization', `Bearer ${token}`) : request).send(body)
}

const expectRefused = (res: { status: number; body: { error?: unknown } }, path = '__proto__') => {
  expect(res.status).toBe(400)
  expect(res.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid request', details: [{ path, message: 'Unrecognized key: "__proto__"' }] })
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

const count = async (collection: CollectionSlug) => (await service.payload.count({ collection, overrideAccess: true })).totalDocs

const ADMIN_CREATES: [string, CollectionSlug, () => Record<string, unknown>][] = [
  ['categories', 'categories', () => ({ name: 'Essays' })],
  ['carousels', 'carousels', () => ({ title: 'Welcome', imageUrl: '/a.png' })],
  ['projects', 'projects', () => ({ title: 'Bookshelf', description: 'Track books' })],
  ['articles', 'articles', () => ({ title: 'Hello', content: 'Body', categoryId })],
  ['resources', 'resources', () => ({ title: 'Slides', fileUrl: '/s.pdf' })],
]

describe('a "__proto__" key in a JSON body is an unknown field: 400 with details naming it, nothing written', () => {
  it.each(ADMIN_CREATES)('POST /api/admin/%s', async (name, collection, valid) => {
    const before = await count(collection)
    expectRefused(await sendRaw('post', `/api/admin/${name}`, withProtoKey(valid()), adminToken))
    expect(await count(collection)).toBe(before)
    // The same body without the key is fine: the refusal is about the key alone.
    expect((await sendRaw('post', `/api/admin/${name}`, JSON.stringify(valid()), adminToken)).status).toBe(201)
  })

  it('PUT /api/admin/categories/:id, and the record is unchanged', async () => {
    const res = await sendRaw('put', `/api/admin/categories/${categoryId}`, withProtoKey({ name: 'Renamed' }, '{"name":"Sneaky"}'), adminToken)
    expectRefused(res)
    expect((await service.payload.findByID({ collection: 'categories', id: categoryId })).name).toBe('Notes')
  })

  it('POST /api/wall-messages', async () => {
    const before = await count('wall-messages')
    expectRefused(await sendRaw('post', '/api/wall-messages', withProtoKey({ nickname: 'Ada', content: 'Hi there' }, '{"status":"approved"}')))
    expect(await count('wall-messages')).toBe(before)
  })

  it('POST /api/auth/login, even with the right password', async () => {
    const res = await sendRaw('post', '/api/auth/login', withProtoKey({ email: 'admin@example.com', password: PASSWORD }, '{"roles":["admin"]}'))
    expectRefused(res)
    expect(res.body).not.toHaveProperty('data')
  })

  it('nested inside a value, with the path to it', async () => {
    const body = JSON.stringify({ title: 'Bookshelf', description: 'd' }).slice(0, -1) + ',"techStack":[{"__proto__":{"polluted":"yes"}}]}'
    expectRefused(await sendRaw('post', '/api/admin/projects', body, adminToken), 'techStack.0.__proto__')
  })

  it('a body nesting deeper than 64 levels is a 400 before it is parsed; brackets inside strings do not count', async () => {
    const nested = (depth: number) => `{"title":"x","description":"d","techStack":${'['.repeat(depth)}${']'.repeat(depth)}}`
    const deep = await sendRaw('post', '/api/admin/projects', nested(100_000), adminToken)
    expect(deep.status).toBe(400)
    expect(deep.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Request body nests deeper than 64 levels' })
    const justBelow = await sendRaw('post', '/api/admin/projects', nested(63), adminToken)
    expect(justBelow.status).toBe(400)
    expect(justBelow.body.error.details.map((detail: { path: string }) => detail.path)).toContain('techStack.0')
    const inText = JSON.stringify({ title: '['.repeat(200), description: '{'.repeat(200), techStack: 'x' })
    const text = await sendRaw('post', '/api/admin/projects', inText, adminToken)
    expect(text.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['techStack'])
  })

  it('a body breaking a rule in every element is answered with the first 20 details', async () => {
    const techStack = Array.from({ length: 40 }, () => 7)
    const res = await service.request().post('/api/admin/projects').set('Authorization', `Bearer ${adminToken}`).send({ title: 'T', description: 'd', techStack })
    expect(res.status).toBe(400)
    expect(res.body.error.details).toHaveLength(20)
    expect(res.body.error.details[0].path).toBe('techStack.0')
  })
})
