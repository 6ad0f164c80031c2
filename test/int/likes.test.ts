import { createHash } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, setCounts } from '../helpers/content'

// Each test speaks from client IPs of its own (X-Forwarded-For, trusted here), so the per-IP limits of one test
// never spend another's. LIKE_RATE_LIMIT is low so that its test reaches it; the 200 visitors come from 200 IPs.
const RATE_LIMIT = 6

let service: BootedService
let categoryId: number
let userId: number
let userToken = ''
let editorToken = ''

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true', LIKE_RATE_LIMIT: String(RATE_LIMIT) })
  const { payload } = service
  const user = await createAccount(payload, 'user', 'member@example.com')
  userId = Number(user.id)
  userToken = await loginToken(service, 'member@example.com')
  await createAccount(payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  categoryId = await createCategory(payload, 'Notes')
})

afterAll(async () => {
  await service?.stop()
})

let articles = 0
/** A fresh published article (or draft) for one test: `{id, key}` with its public slug. */
const newArticle = async (status: 'published' | 'draft' = 'published') => {
  const doc = await createArticle(service.payload, { title: `Liked ${++articles}`, category: categoryId, status })
  return { id: Number(doc.id), publicSlug: `${doc.slug}-${doc.id}`, storedSlug: String(doc.slug) }
}

let ips = 0
/** A client IP no other request has used. */
const newIp = () => {
  ips++
  return `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`
}

const visitorId = (n: number | string) => `visitor-${n}-abcdefgh`

type Call = { key: string | number; ip: string; visitor?: string; token?: string }
const send = (method: 'post' | 'delete', { key, ip, visitor, token }: Call) => {
  let req = service.request()[method](`/api/articles/${key}/like`).set('X-Forwarded-For', ip)
  if (visitor !== undefined) req = req.set('X-Visitor-Id', visitor)
  if (token) req = req.set('Authorization', `Bearer ${token}`)
  return req
}
const like = (call: Call) => send('post', call)
const unlike = (call: Call) => send('delete', call)

const storedLikeCount = async (id: number) => (await service.payload.findByID({ collection: 'articles', id, overrideAccess: true })).likeCount
const likeRows = async (id: number) =>
  (await service.payload.find({ collection: 'article-likes', overrideAccess: true, pagination: false, where: { article: { equals: id } } })).docs

describe('POST /api/articles/:id/like', () => {
  it('likes once per visitor: 200 {likeCount, liked: true}, exact keys; liking again changes nothing', async () => {
    const article = await newArticle()
    const ip = newIp()
    const first = await like({ key: article.id, ip, visitor: visitorId('a') })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ success: true, data: { likeCount: 1, liked: true } })
    expect(first.headers['cache-control']).toBe('no-store')
    const again = await like({ key: article.id, ip, visitor: visitorId('a') })
    expect(again.body.data).toEqual({ likeCount: 1, liked: true })
    const other = await like({ key: article.publicSlug, ip, visitor: visitorId('b') })
    expect(other.body.data).toEqual({ likeCount: 2, liked: true })
    expect(await storedLikeCount(article.id)).toBe(2)
    expect(await likeRows(article.id)).toHaveLength(2)
  })

  it('accepts what the detail accepts: id, public slug, stored slug', async () => {
    const article = await newArticle()
    const ip = newIp()
    expect((await like({ key: article.id, ip, visitor: visitorId(1) })).body.data.likeCount).toBe(1)
    expect((await like({ key: article.publicSlug, ip, visitor: visitorId(2) })).body.data.likeCount).toBe(2)
    expect((await like({ key: article.storedSlug, ip, visitor: visitorId(3) })).body.data.likeCount).toBe(3)
  })

  it('counts exactly 200 for 200 parallel likes from 200 visitors, each answer a distinct new count', async () => {
    const article = await newArticle()
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => like({ key: article.id, ip: newIp(), visitor: visitorId(`p${n}`) })),
    )
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(200))
    expect(responses.every((res) => res.body.data.liked === true)).toBe(true)
    const counts = responses.map((res) => res.body.data.likeCount as number).sort((a, b) => a - b)
    expect(counts).toEqual(Array.from({ length: 200 }, (_, n) => n + 1))
    expect(await storedLikeCount(article.id)).toBe(200)
    expect(await likeRows(article.id)).toHaveLength(200)
  })

  it('counts once when one visitor likes 10 times in parallel', async () => {
    const article = await newArticle()
    const responses = await Promise.all(Array.from({ length: 10 }, () => like({ key: article.id, ip: newIp(), visitor: visitorId('twice') })))
    expect(responses.every((res) => res.status === 200 && res.body.data.liked === true)).toBe(true)
    // Each answer is the count at its moment, which includes the like (a racing duplicate is counted up, then down).
    expect(responses.every((res) => res.body.data.likeCount >= 1)).toBe(true)
    expect(await storedLikeCount(article.id)).toBe(1)
    expect((await like({ key: article.id, ip: newIp(), visitor: visitorId('twice') })).body.data).toEqual({ likeCount: 1, liked: true })
    expect(await likeRows(article.id)).toHaveLength(1)
  })

  it('shows the true likeCount in the detail, which may be served from the public cache', async () => {
    const article = await newArticle()
    expect((await service.request().get(`/api/articles/${article.id}`)).body.data.likeCount).toBe(0) // now cached
    await like({ key: article.id, ip: newIp(), visitor: visitorId('cache') })
    expect((await service.request().get(`/api/articles/${article.id}`)).body.data.likeCount).toBe(1)
    const admin = await service.request().get('/api/admin/articles?limit=100').set('Authorization', `Bearer ${editorToken}`)
    expect(admin.body.data.find((record: { id: number }) => record.id === article.id)).toMatchObject({ likeCount: 1 })
  })

  it('counts a signed-in user by their id, whatever X-Visitor-Id they send', async () => {
    const article = await newArticle()
    const ip = newIp()
    const first = await like({ key: article.id, ip, token: userToken })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ likeCount: 1, liked: true })
    expect((await like({ key: article.id, ip, token: userToken, visitor: visitorId('x') })).body.data).toEqual({ likeCount: 1, liked: true })
    expect((await like({ key: article.id, ip, token: userToken, visitor: 'bad!' })).status).toBe(200)
    // The same id sent anonymously is another visitor.
    expect((await like({ key: article.id, ip, visitor: `user-${userId}-00000000` })).body.data.likeCount).toBe(2)
    expect((await unlike({ key: article.id, ip, token: userToken })).body.data).toEqual({ likeCount: 1, liked: false })
  })

  it('stores the visitor only as a keyed hash', async () => {
    const article = await newArticle()
    const visitor = visitorId('secret')
    const ip = newIp()
    await like({ key: article.id, ip, visitor })
    const [row] = await likeRows(article.id)
    expect(row).toBeDefined()
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(visitor)
    expect(stored).not.toContain(ip)
    for (const plain of [visitor, `visitor:${visitor}`]) {
      for (const encoding of ['hex', 'base64url'] as const) {
        expect(row!.visitorHash).not.toBe(createHash('sha256').update(plain).digest(encoding))
      }
    }
    expect(row!.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it.each([
    ['no header', undefined],
    ['7 characters', 'abcdefg'],
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'abc def ghi'],
    ['a dot', 'abcd.efgh'],
    ['non-ASCII letters', 'visitör-123'],
  ])('400 for an anonymous like with %s in X-Visitor-Id, and nothing changes', async (_name, visitor) => {
    const article = await newArticle()
    const res = await like({ key: article.id, ip: newIp(), visitor })
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details[0].path).toBe('X-Visitor-Id')
    expect(await storedLikeCount(article.id)).toBe(0)
    expect((await unlike({ key: article.id, ip: newIp(), visitor })).status).toBe(400)
  })

  it('accepts X-Visitor-Id of 8 and of 64 characters', async () => {
    const article = await newArticle()
    expect((await like({ key: article.id, ip: newIp(), visitor: 'Ab_-0123' })).status).toBe(200)
    expect((await like({ key: article.id, ip: newIp(), visitor: 'z'.repeat(64) })).body.data.likeCount).toBe(2)
  })

  it('404 for a draft (to a staff token too) and for a missing article; nothing is stored', async () => {
    const draft = await newArticle('draft')
    for (const key of [String(draft.id), draft.publicSlug, draft.storedSlug]) {
      const res = await like({ key, ip: newIp(), visitor: visitorId('d') })
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('NOT_FOUND')
      expect((await unlike({ key, ip: newIp(), visitor: visitorId('d') })).status).toBe(404)
    }
    expect((await like({ key: draft.id, ip: newIp(), token: editorToken })).status).toBe(404)
    expect(await likeRows(draft.id)).toHaveLength(0)
    for (const key of ['999999', 'no-such-article', 'x-1']) {
      expect((await like({ key, ip: newIp(), visitor: visitorId('d') })).status).toBe(404)
    }
  })
})

describe('DELETE /api/articles/:id/like', () => {
  it('unlikes: 200 {likeCount, liked: false}; unliking again or never having liked changes nothing', async () => {
    const article = await newArticle()
    const ip = newIp()
    await like({ key: article.id, ip, visitor: visitorId('u1') })
    await like({ key: article.id, ip, visitor: visitorId('u2') })
    const res = await unlike({ key: article.id, ip, visitor: visitorId('u1') })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { likeCount: 1, liked: false } })
    expect((await unlike({ key: article.id, ip, visitor: visitorId('u1') })).body.data).toEqual({ likeCount: 1, liked: false })
    expect((await unlike({ key: article.id, ip, visitor: visitorId('never') })).body.data).toEqual({ likeCount: 1, liked: false })
    expect(await storedLikeCount(article.id)).toBe(1)
    // Liking again after an unlike counts again.
    expect((await like({ key: article.id, ip, visitor: visitorId('u1') })).body.data).toEqual({ likeCount: 2, liked: true })
  })

  it('counts one unlike when one visitor unlikes 10 times in parallel, and never goes below 0', async () => {
    const article = await newArticle()
    await like({ key: article.id, ip: newIp(), visitor: visitorId('keep') })
    await like({ key: article.id, ip: newIp(), visitor: visitorId('go') })
    const responses = await Promise.all(Array.from({ length: 10 }, () => unlike({ key: article.id, ip: newIp(), visitor: visitorId('go') })))
    expect(responses.every((res) => res.status === 200 && res.body.data.liked === false)).toBe(true)
    expect(await storedLikeCount(article.id)).toBe(1)
    // A count already at 0 (an article whose count was reset by hand) stays at 0.
    await setCounts(service.payload, 'articles', article.id, { likeCount: 0 })
    expect((await unlike({ key: article.id, ip: newIp(), visitor: visitorId('keep') })).body.data).toEqual({ likeCount: 0, liked: false })
  })
})

describe('abuse limits', () => {
  it(`answers 429 with Retry-After once an IP made ${RATE_LIMIT} like or unlike requests in a minute, refused ones included`, async () => {
    const article = await newArticle()
    const ip = newIp()
    const statuses = [
      (await like({ key: article.id, ip, visitor: visitorId('r1') })).status,
      (await unlike({ key: article.id, ip, visitor: visitorId('r1') })).status,
      (await like({ key: article.id, ip, visitor: 'bad' })).status,
      (await like({ key: 'no-such-article', ip, visitor: visitorId('r1') })).status,
    ]
    while (statuses.length < RATE_LIMIT) statuses.push((await like({ key: article.id, ip, visitor: visitorId('r2') })).status)
    expect(statuses).toEqual([200, 200, 400, 404, ...Array(RATE_LIMIT - 4).fill(200)])
    for (const refused of [await like({ key: article.id, ip, visitor: visitorId('r3') }), await unlike({ key: article.id, ip, visitor: visitorId('r2') })]) {
      expect(refused.status).toBe(429)
      expect(refused.body.error.code).toBe('RATE_LIMITED')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    }
    expect(await storedLikeCount(article.id)).toBe(1) // r2's like stands; the refused requests changed nothing
    // Another IP is not limited.
    expect((await like({ key: article.id, ip: newIp(), visitor: visitorId('r3') })).status).toBe(200)
  })

  it('counts at most 3 visitors per IP per article per day: the 4th gets 200 with the count unchanged and liked: false', async () => {
    const article = await newArticle()
    const other = await newArticle()
    const ip = newIp()
    for (const n of [1, 2, 3]) expect((await like({ key: article.id, ip, visitor: visitorId(`v${n}`) })).body.data).toEqual({ likeCount: n, liked: true })
    const fourth = await like({ key: article.id, ip, visitor: visitorId('v4') })
    expect(fourth.status).toBe(200)
    expect(fourth.body).toEqual({ success: true, data: { likeCount: 3, liked: false } })
    expect(await storedLikeCount(article.id)).toBe(3)
    expect(await likeRows(article.id)).toHaveLength(3)
    // The three who count still answer liked: true; the fourth from another IP counts; so does the same IP on another article.
    expect((await like({ key: article.id, ip, visitor: visitorId('v1') })).body.data).toEqual({ likeCount: 3, liked: true })
    expect((await like({ key: article.id, ip: newIp(), visitor: visitorId('v4') })).body.data).toEqual({ likeCount: 4, liked: true })
    expect((await like({ key: other.id, ip, visitor: visitorId('v5') })).body.data).toEqual({ likeCount: 1, liked: true })
  })

  it('counts the addresses of one IPv6 /64 as one IP for the 3 visitors rule', async () => {
    const article = await newArticle()
    const subnet = `2001:db8:${(++ips).toString(16)}:7`
    for (const n of [1, 2, 3]) {
      expect((await like({ key: article.id, ip: `${subnet}::${n}`, visitor: visitorId(`six${n}`) })).body.data).toEqual({ likeCount: n, liked: true })
    }
    const fourth = await like({ key: article.id, ip: `${subnet}:1:2:3:4`, visitor: visitorId('six4') })
    expect(fourth.body).toEqual({ success: true, data: { likeCount: 3, liked: false } })
    expect(await likeRows(article.id)).toHaveLength(3)
  })

  it(`keeps at most 3 when ${RATE_LIMIT} new visitors from one IP like at once, and the count matches the likes kept`, async () => {
    const article = await newArticle()
    const ip = newIp()
    const responses = await Promise.all(
      Array.from({ length: RATE_LIMIT }, (_, n) => like({ key: article.id, ip, visitor: visitorId(`race${n}`) })),
    )
    expect(responses.every((res) => res.status === 200)).toBe(true)
    // Racing likes may all be refused (each saw more than 3), never more than 3 kept.
    const liked = responses.filter((res) => res.body.data.liked === true).length
    expect(liked).toBeLessThanOrEqual(3)
    expect(await storedLikeCount(article.id)).toBe(liked)
    expect(await likeRows(article.id)).toHaveLength(liked)
  })
})

describe('article-likes records', () => {
  it('go when their article is deleted', async () => {
    const article = await newArticle()
    const kept = await newArticle()
    for (const key of [article.id, kept.id]) await like({ key, ip: newIp(), visitor: visitorId('del') })
    expect(await likeRows(article.id)).toHaveLength(1)
    await service.payload.delete({ collection: 'articles', id: article.id, overrideAccess: true })
    const all = await service.payload.find({ collection: 'article-likes', overrideAccess: true, pagination: false, depth: 0 })
    expect(all.docs.some((doc) => doc.article === null || doc.article === article.id)).toBe(false)
    expect(await likeRows(kept.id)).toHaveLength(1)
  })

  it('are not readable by anonymous callers or writable by anyone through /cms-api', async () => {
    const article = await newArticle()
    await like({ key: article.id, ip: newIp(), visitor: visitorId('cms') })
    const anonymous = await service.request().get('/cms-api/article-likes')
    expect(anonymous.status).toBe(403)
    const staff = await service.request().get('/cms-api/article-likes').set('Authorization', `Bearer ${editorToken}`)
    expect(staff.status).toBe(200)
    expect(staff.body.totalDocs).toBeGreaterThan(0)
    const forged = await service
      .request()
      .post('/cms-api/article-likes')
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ article: article.id, visitorHash: 'x', ipHash: 'y' })
    expect(forged.status).toBe(403)
    expect(await likeRows(article.id)).toHaveLength(1)
  })
})
