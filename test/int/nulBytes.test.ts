import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

// A NUL character is valid JSON and a valid URL escape, but Postgres refuses it in text: it must never reach a query
// as such and turn a client's mistake into a 500.
let service: BootedService
let auth: Record<string, string> = {}

beforeAll(async () => {
  service = await bootService()
  const editor = await createAccount(service.payload, 'editor', 'editor@example.com')
  auth = { Authorization: `Bearer ${await loginToken(service, editor.email)}` }
})

afterAll(async () => {
  await service?.stop()
})

describe('NUL characters in input', () => {
  it.each([
    '/api/search?q=a%00b',
    '/api/search?q=%00',
    '/api/articles?keyword=a%00b',
    '/api/articles?category=a%00b',
    '/api/projects?keyword=%00',
    '/api/resources?keyword=%00',
    '/api/wall-messages?page=%00',
    '/api/articles/a%00b',
    '/api/feeds/rss.xml?category=%00',
  ])('GET %s is a 4xx', async (url) => {
    const res = await service.request().get(url)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it.each(['/api/admin/articles?keyword=%00', '/api/admin/categories?keyword=a%00', '/api/admin/projects?status=%00'])('GET %s (staff) is a 400 naming the parameter', async (url) => {
    const res = await service.request().get(url).set(auth)
    expect(res.status).toBe(400)
    expect(res.body.error.details[0].message).toBe('must not contain the NUL character (U+0000)')
  })

  it.each([
    ['/api/wall-messages', { nickname: 'a\u0000b', content: 'hi\u0000there', email: 'x@example.com' }],
    ['/api/auth/login', { email: 'a\u0000@example.com', password: 'x\u0000y' }],
  ])('POST %s with NULs is a 400', async (url, body) => {
    const res = await service.request().post(url).send(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('a body with NULs is a 400 naming the field, through /api/admin and /cms-api alike, and nothing is saved', async () => {
    const viaAdmin = await service.request().post('/api/admin/categories').set(auth).send({ name: 'Nul\u0000cat' })
    expect(viaAdmin.status).toBe(400)
    expect(viaAdmin.body.error.details).toEqual([{ path: 'name', message: 'must not contain the NUL character (U+0000)' }])
    const viaCms = await service.request().post('/cms-api/categories').set(auth).send({ name: 'Nul\u0000cat', type: 'article' })
    expect(viaCms.status).toBe(400)
    expect(JSON.stringify(viaCms.body)).toContain('NUL character')
    const local = service.payload.create({ collection: 'categories', data: { name: 'a\u0000b', type: 'article' } })
    await expect(local).rejects.toThrow(/invalid/i)
    expect((await service.payload.count({ collection: 'categories' })).totalDocs).toBe(0)
  })

  it.each(['/cms-api/articles?where[title][like]=%00', '/cms-api/articles?where[title][equals]=a%00b', '/cms-api/categories?limit=%00'])(
    'GET %s is a 400',
    async (url) => {
      const res = await service.request().get(url).set(auth)
      expect(res.status).toBe(400)
    },
  )

  it('a login with NULs through /cms-api is not a 500', async () => {
    const res = await service.request().post('/cms-api/users/login').send({ email: 'a\u0000@example.com', password: 'x' })
    expect(res.status).toBeLessThan(500)
  })
})
