import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, createProject } from '../helpers/content'

const SITE = 'https://site.example.com'
let service: BootedService
let editorToken = ''
let articleId: number
let resourceId: number

/** Changes a title behind Payload's back (no hooks, so no cache clearing): what a cached answer would not show. */
const retitleQuietly = (id: number, title: string) => service.payload.db.updateOne({ collection: 'articles', id, data: { title } })

const titles = (body: { data: { title: string }[] }) => body.data.map((item) => item.title)

beforeAll(async () => {
  service = await bootService({ CORS_ORIGINS: SITE })
  const { payload } = service
  await createAccount(payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  const category = await createCategory(payload, 'Notes')
  articleId = Number((await createArticle(payload, { title: 'Original title', category })).id)
  await createProject(payload, { title: 'Secret project', status: 'draft' })
  resourceId = Number(
    (await payload.create({ collection: 'resources', data: { title: 'Slides', fileUrl: '/files/slides.pdf', status: 'active' }, overrideAccess: true })).id,
  )
})

afterAll(async () => {
  await service?.stop()
})

describe('anonymous answers from the public cache', () => {
  it('answers a repeated list with the same bytes and headers, a new request id, and without reading the database again', async () => {
    const first = await service.request().get('/api/articles').set('Origin', SITE)
    await retitleQuietly(articleId, 'Changed behind the cache')
    const second = await service.request().get('/api/articles').set('Origin', SITE)
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(titles(second.body)).toEqual(['Original title'])
    for (const header of ['content-type', 'content-length', 'etag', 'cache-control', 'vary', 'x-content-type-options']) {
      expect([header, second.headers[header]]).toEqual([header, first.headers[header]])
    }
    expect(second.headers['access-control-allow-origin']).toBe(SITE)
    expect(second.headers['access-control-expose-headers']).toBe(first.headers['access-control-expose-headers'])
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
    // Another origin gets no CORS headers from the cached answer either.
    const elsewhere = await service.request().get('/api/articles').set('Origin', 'https://evil.example.com')
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined()
    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Original title' }, overrideAccess: true })
  })

  it('shows an edit made through Payload on the next request', async () => {
    expect(titles((await service.request().get('/api/articles?limit=5')).body)).toEqual(['Original title'])
    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Edited title' }, overrideAccess: true })
    expect(titles((await service.request().get('/api/articles?limit=5')).body)).toEqual(['Edited title'])
    const home = await service.request().get('/api/home')
    expect(home.body.data.latestArticles.map((item: { title: string }) => item.title)).toEqual(['Edited title'])
  })

  it('shows a renamed category in the list at once (category names are cached with the rest)', async () => {
    const category = (await service.payload.find({ collection: 'categories', where: { name: { equals: 'Notes' } } })).docs[0]!
    expect((await service.request().get('/api/articles?limit=7')).body.data[0].category).toBe('Notes')
    await service.payload.update({ collection: 'categories', id: category.id, data: { name: 'Field notes' }, overrideAccess: true })
    expect((await service.request().get('/api/articles?limit=7')).body.data[0].category).toBe('Field notes')
    await service.payload.update({ collection: 'categories', id: category.id, data: { name: 'Notes' }, overrideAccess: true })
  })

  it('answers If-None-Match with an empty 304 and HEAD with the headers alone', async () => {
    const first = await service.request().get('/api/articles?page=1')
    const again = await service.request().get('/api/articles?page=1').set('If-None-Match', first.headers.etag!)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers['content-type']).toBeUndefined()
    const stale = await service.request().get('/api/articles?page=1').set('If-None-Match', 'W/"other"')
    expect(stale.status).toBe(200)
    const head = await service.request().head('/api/articles?page=1')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(first.headers['content-length'])
    expect(head.text ?? '').toBe('')
  })

  it('never serves a cached answer to a token, nor stores one for it', async () => {
    expect((await service.request().get('/api/projects?status=draft')).body.data).toEqual([])
    const staff = await service.request().get('/api/projects?status=draft').set('Authorization', `Bearer ${editorToken}`)
    expect(staff.headers['cache-control']).toBe('private, no-store')
    expect(titles(staff.body)).toEqual(['Secret project'])
    const anonymous = await service.request().get('/api/projects?status=draft')
    expect(anonymous.headers['cache-control']).toBe('public, no-cache')
    expect(anonymous.body.data).toEqual([])
    // A bad token is still refused rather than answered from the cache.
    const bad = await service.request().get('/api/articles?limit=10').set('Authorization', 'Bearer nonsense')
    expect(bad.status).toBe(401)
  })

  it('caches no error: a bad query is a 400 each time', async () => {
    for (let n = 0; n < 2; n++) {
      const res = await service.request().get('/api/articles?page=zero')
      expect(res.status).toBe(400)
      expect(res.body.success).toBe(false)
    }
  })

  it('counts every view and download although the article and the file address are cached', async () => {
    const first = await service.request().get(`/api/articles/${articleId}`)
    const second = await service.request().get(`/api/articles/${articleId}`)
    expect(second.body.data.viewCount).toBe(first.body.data.viewCount + 1)
    for (let n = 0; n < 3; n++) expect((await service.request().get(`/api/resources/${resourceId}/download`)).status).toBe(302)
    expect((await service.payload.findByID({ collection: 'resources', id: resourceId })).downloadCount).toBe(3)
  })

  it("is kept when a wall message nobody is shown comes in or goes; one shown clears the wall's answers and keeps the rest", async () => {
    const { payload } = service
    const listed = async () => titles((await service.request().get('/api/articles?limit=3')).body)
    const wall = async () => ((await service.request().get('/api/wall-messages?limit=5')).body.data as { nickname: string }[]).map((item) => item.nickname)
    expect(await listed()).toEqual(['Edited title'])
    const wallBefore = await wall()
    await retitleQuietly(articleId, 'Seen only after a clear')
    const honeypot = await service.request().post('/api/wall-messages').send({ nickname: 'bot', content: 'Buy now', homepage: 'https://spam.example.com' })
    expect(honeypot.status).toBe(201)
    const held = await payload.create({ collection: 'wall-messages', data: { nickname: 'held', content: 'Hi', status: 'pending' }, overrideAccess: true })
    await payload.update({ collection: 'wall-messages', id: held.id, data: { status: 'spam' }, overrideAccess: true })
    await payload.delete({ collection: 'wall-messages', id: held.id, overrideAccess: true })
    const stored = await payload.find({ collection: 'wall-messages', where: { nickname: { equals: 'bot' } }, overrideAccess: true })
    expect(stored.docs.map((doc) => doc.status)).toEqual(['spam'])
    expect(await listed()).toEqual(['Edited title'])
    const shown = await payload.create({ collection: 'wall-messages', data: { nickname: 'visitor', content: 'Hello', status: 'pending' }, overrideAccess: true })
    expect(await wall()).toEqual(wallBefore)
    await payload.update({ collection: 'wall-messages', id: shown.id, data: { status: 'approved' }, overrideAccess: true })
    expect(await wall()).toEqual(['visitor', ...wallBefore])
    // The article list is still the cached one: it never saw the quiet retitle.
    expect(await listed()).toEqual(['Edited title'])
    const posted = await service.request().post('/api/wall-messages').send({ nickname: 'guest', content: 'Lovely site' })
    expect(posted.status).toBe(201)
    expect(await wall()).toEqual(['guest', 'visitor', ...wallBefore])
    await payload.delete({ collection: 'wall-messages', id: shown.id, overrideAccess: true })
    expect(await wall()).toEqual(['guest', ...wallBefore])
    expect(await listed()).toEqual(['Edited title'])
    // Any other change clears everything.
    await service.payload.update({ collection: 'categories', id: (await service.payload.find({ collection: 'categories' })).docs[0]!.id, data: { name: 'Notes' }, overrideAccess: true })
    expect(await listed()).toEqual(['Seen only after a clear'])
    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Edited title' }, overrideAccess: true })
  })

  it('serves one answer to query strings that ask the same: parameters the route ignores, repeats, other spellings', async () => {
    const first = await service.request().get('/api/articles?limit=4')
    await retitleQuietly(articleId, 'Changed behind the cache')
    for (const query of ['limit=4&nonce=1', 'nonce=2&limit=4', 'limit=04', 'limit=4&limit=9', 'page=1&limit=4', 'limit=4&page=1&page=7']) {
      const res = await service.request().get(`/api/articles?${query}`)
      expect([query, res.status, res.text]).toEqual([query, 200, first.text])
    }
    // Another page size is another answer, read afresh.
    expect(titles((await service.request().get('/api/articles?limit=6')).body)).toEqual(['Changed behind the cache'])
    const gallery = await service.request().get('/api/galleries')
    expect((await service.request().get('/api/galleries?x=1')).text).toBe(gallery.text)
    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Edited title' }, overrideAccess: true })
  })

  it('forgets a cached article once it is unpublished, and a deleted resource', async () => {
    expect((await service.request().get(`/api/articles/${articleId}`)).status).toBe(200)
    await service.payload.update({ collection: 'articles', id: articleId, data: { status: 'draft' }, overrideAccess: true })
    expect((await service.request().get(`/api/articles/${articleId}`)).status).toBe(404)
    await service.payload.update({ collection: 'articles', id: articleId, data: { status: 'published' }, overrideAccess: true })
    await service.payload.delete({ collection: 'resources', id: resourceId, overrideAccess: true })
    expect((await service.request().get(`/api/resources/${resourceId}/download`)).status).toBe(404)
  })
})
