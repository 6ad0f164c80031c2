import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Where } from 'payload'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

let service: BootedService
let categoryId: number
let editorToken = ''
let adminToken = ''

beforeAll(async () => {
  service = await bootService()
  const { payload } = service
  // The admin first: the first account made is an admin whatever its role.
  await createAccount(payload, 'admin', 'admin@example.com')
  adminToken = await loginToken(service, 'admin@example.com')
  await createAccount(payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  categoryId = await createCategory(payload, 'Notes')
})

afterAll(async () => {
  await service?.stop()
})

const asEditor = () => ({ Authorization: `Bearer ${editorToken}` })
const get = (key: string | number) => service.request().get(`/api/articles/${key}`)

let articles = 0
/** A fresh article for one test, with a title (and so a slug) no other test uses. */
const newArticle = async (slug: string, data: Record<string, unknown> = {}) => {
  const doc = await createArticle(service.payload, { title: `Moved ${++articles}`, slug, category: categoryId, ...data })
  expect(doc.slug).toBe(slug)
  return Number(doc.id)
}

const renameLocally = (id: number, slug: string) => service.payload.update({ collection: 'articles', id, data: { slug }, overrideAccess: true })
const renameThroughAdminApi = async (id: number, slug: string) => {
  const res = await service.request().put(`/api/admin/articles/${id}`).set(asEditor()).send({ slug })
  expect(res.status).toBe(200)
  expect(res.body.data.slug).toBe(`${slug}-${id}`)
}
const renameThroughCmsApi = async (id: number, slug: string, query = '?depth=0') => {
  const res = await service.request().patch(`/cms-api/articles/${id}${query}`).set(asEditor()).send({ slug })
  expect(res.status).toBe(200)
}

const redirectRows = async (where: Where = {}) =>
  (await service.payload.find({ collection: 'article-redirects', depth: 0, overrideAccess: true, pagination: false, where })).docs
const viewCount = async (id: number) => (await service.payload.findByID({ collection: 'articles', id, overrideAccess: true })).viewCount

/** Expects a 301 to `/api/articles/{to}`, with no body to speak of and no view counted. */
const expectMoved = async (key: string, to: string, headers: Record<string, string> = {}) => {
  const res = await get(key).set(headers).redirects(0)
  expect({ key, status: res.status, location: res.headers.location }).toEqual({ key, status: 301, location: `/api/articles/${to}` })
  return res
}

const expectNotFound = async (key: string | number, headers: Record<string, string> = {}) => {
  const res = await get(key).set(headers).redirects(0)
  expect({ key, status: res.status, body: res.body }).toEqual({
    key,
    status: 404,
    body: { success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } },
  })
}

describe('GET /api/articles/:key after a rename', () => {
  it('answers 301 from both old forms of every earlier slug to the current public slug; the current one is 200', async () => {
    const id = await newArticle('first-name')
    await renameThroughAdminApi(id, 'second-name')
    await expectMoved(`first-name-${id}`, `second-name-${id}`)
    await expectMoved('first-name', `second-name-${id}`)
    await renameThroughCmsApi(id, 'third-name')
    for (const old of ['first-name', 'second-name']) {
      const res = await expectMoved(`${old}-${id}`, `third-name-${id}`)
      expect(res.headers['cache-control']).toBe('public, no-cache')
      await expectMoved(old, `third-name-${id}`)
    }
    const current = await get(`third-name-${id}`)
    expect(current.status).toBe(200)
    expect(current.body.data).toMatchObject({ id, slug: `third-name-${id}`, viewCount: 1 })
    expect((await get(id)).status).toBe(200)
    expect(await viewCount(id)).toBe(2) // the redirects counted no view
    expect((await redirectRows({ article: { equals: id } })).map((row) => row.slug).sort()).toEqual(['first-name', 'second-name'])
  })

  it('follows to the article: a client that follows the 301 gets it', async () => {
    const id = await newArticle('follow-me')
    await renameLocally(id, 'followed')
    const res = await get(`follow-me-${id}`).redirects(1)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id, slug: `followed-${id}` })
  })

  it('records a rename saved with a select that leaves the slug out', async () => {
    const id = await newArticle('selected-before')
    await renameThroughCmsApi(id, 'selected-after', '?depth=0&select[title]=true')
    await expectMoved(`selected-before-${id}`, `selected-after-${id}`)
  })

  it('records a rename made by a version restore', async () => {
    // Articles have no versions yet; this saves an earlier copy of the record as Payload's restoreVersion does: the
    // whole earlier record as data, through the collection's hooks, with `context.isRestoringVersion` set.
    const id = await newArticle('restored-now')
    const { id: _id, createdAt: _created, updatedAt: _updated, ...earlier } = await service.payload.findByID({
      collection: 'articles',
      depth: 0,
      id,
      overrideAccess: true,
    })
    await renameLocally(id, 'renamed-later')
    await service.payload.update({ collection: 'articles', id, data: earlier, overrideAccess: true, context: { isRestoringVersion: true } })
    expect((await get(`restored-now-${id}`)).status).toBe(200)
    await expectMoved(`renamed-later-${id}`, `restored-now-${id}`)
    await expectMoved('renamed-later', `restored-now-${id}`)
    // The slug it took back is its own again, not an earlier one.
    expect((await redirectRows({ article: { equals: id } })).map((row) => row.slug)).toEqual(['renamed-later'])
  })

  it('a title ending in digits: the old bare slug is found although it looks like a public slug', async () => {
    const id = await newArticle('top-10')
    await renameLocally(id, 'top-11')
    await expectMoved('top-10', `top-11-${id}`)
    await expectMoved(`top-10-${id}`, `top-11-${id}`)
  })

  it('a slug now used by another article belongs to it; the old {slug}-{id} still names the first', async () => {
    const first = await newArticle('shared-name')
    await renameLocally(first, 'first-elsewhere')
    await expectMoved('shared-name', `first-elsewhere-${first}`)
    const second = await newArticle('shared-name')
    const taken = await get('shared-name')
    expect(taken.status).toBe(200)
    expect(taken.body.data.id).toBe(second)
    await expectMoved(`shared-name-${first}`, `first-elsewhere-${first}`)
    // When the second gives it up too, the bare slug follows its latest owner.
    await renameLocally(second, 'second-elsewhere')
    await expectMoved('shared-name', `second-elsewhere-${second}`)
    await expectMoved(`shared-name-${second}`, `second-elsewhere-${second}`)
    await expectMoved(`shared-name-${first}`, `first-elsewhere-${first}`)
  })

  it('a deleted article\'s old slugs are 404, and its records go with it', async () => {
    const id = await newArticle('deleted-before')
    await renameLocally(id, 'deleted-after')
    await expectMoved('deleted-before', `deleted-after-${id}`)
    const res = await service.request().delete(`/api/admin/articles/${id}`).set(asEditor())
    expect(res.status).toBe(200)
    for (const key of [`deleted-before-${id}`, 'deleted-before', `deleted-after-${id}`]) await expectNotFound(key)
    expect(await redirectRows({ slug: { equals: 'deleted-before' } })).toEqual([])
  })

  it('an earlier slug of a draft is a 404 for the public; staff are sent on to preview it, never cached', async () => {
    const id = await newArticle('draft-before', { status: 'draft' })
    await renameLocally(id, 'draft-after')
    await expectNotFound(`draft-before-${id}`)
    await expectNotFound('draft-before')
    const staff = await expectMoved(`draft-before-${id}`, `draft-after-${id}`, asEditor())
    expect(staff.headers['cache-control']).toBe('private, no-store')
    // Published later: the public is sent on too (the cached 404 went with the change).
    await service.payload.update({ collection: 'articles', id, data: { status: 'published' }, overrideAccess: true })
    await expectMoved(`draft-before-${id}`, `draft-after-${id}`)
    // Unpublished again: 404 once more.
    await service.payload.update({ collection: 'articles', id, data: { status: 'draft' }, overrideAccess: true })
    await expectNotFound('draft-before')
  })

  it('likes answer on current keys only: an old address is a 404 there', async () => {
    const id = await newArticle('liked-before')
    await renameLocally(id, 'liked-after')
    const like = (key: string) => service.request().post(`/api/articles/${key}/like`).set('X-Visitor-Id', 'visitor-old-addresses')
    expect((await like(`liked-before-${id}`)).status).toBe(404)
    expect((await like('liked-before')).status).toBe(404)
    expect((await like(`liked-after-${id}`)).status).toBe(200)
  })

  it('never answers 500 to hostile keys', async () => {
    const id = await newArticle('hostile-target')
    await renameLocally(id, 'hostile-current')
    const keys = [
      'x'.repeat(5000),
      `${'a-'.repeat(2000)}${id}`,
      `hostile-target-${'9'.repeat(40)}`,
      '9'.repeat(40),
      '2147483648',
      'hostile-target-2147483648',
      '0',
      `-${id}`,
      '%E4%BD%A0%E5%A5%BD%E4%B8%96%E7%95%8C',
      `%E4%BD%A0-${id}`,
      '%F0%9F%98%80-%F0%9F%98%80',
      '..%2F..%2Fetc%2Fpasswd',
      `..%2Fhostile-target-${id}`,
      '%2E%2E',
      'hostile-target%00',
      `hostile-target%00-${id}`,
      '%00',
      'hostile%25target',
      "hostile-target'%20OR%201=1--",
      'hostile-target%22%3B%20DROP%20TABLE%20articles',
      '%5C..%5C',
      'a%0D%0ALocation:%20https://evil.example',
    ]
    for (const key of keys) {
      const res = await get(key).redirects(0)
      expect({ key: key.slice(0, 60), status: res.status }).toEqual({ key: key.slice(0, 60), status: 404 })
    }
    await expectMoved('hostile-target', `hostile-current-${id}`)
  })
})

describe('article-redirects records', () => {
  it('are read by admins only, and written by nobody through /cms-api', async () => {
    const id = await newArticle('records-before')
    await renameLocally(id, 'records-after')
    const anonymous = await service.request().get('/cms-api/article-redirects')
    expect(anonymous.status).toBe(403)
    const editor = await service.request().get('/cms-api/article-redirects').set(asEditor())
    expect(editor.status).toBe(403)
    const admin = await service.request().get('/cms-api/article-redirects?depth=0&limit=100').set('Authorization', `Bearer ${adminToken}`)
    expect(admin.status).toBe(200)
    expect(admin.body.docs).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'records-before', article: id })]))
    for (const token of [editorToken, adminToken]) {
      const forged = await service
        .request()
        .post('/cms-api/article-redirects')
        .set('Authorization', `Bearer ${token}`)
        .send({ slug: 'forged', article: id })
      expect(forged.status).toBe(403)
    }
    expect(await redirectRows({ slug: { equals: 'forged' } })).toEqual([])
  })
})
