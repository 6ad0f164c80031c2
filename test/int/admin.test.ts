import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken, resignToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService
const token: Record<'admin' | 'editor' | 'user', string> = { admin: '', editor: '', user: '' }
let articleCategory = 0
let projectCategory = 0

type Case = {
  path: string
  valid: () => Record<string, unknown>
  required: string[]
  wrongTypes: Record<string, unknown>
  enums: Record<string, unknown>
  urls: string[]
  keys: string[]
  update: Record<string, unknown>
}

const CASES: Record<string, Case> = {
  categories: {
    path: '/api/admin/categories',
    valid: () => ({ name: 'Essays', type: 'article', description: 'Longer pieces' }),
    required: ['name'],
    wrongTypes: { name: 42, description: ['x'] },
    enums: { type: 'video' },
    urls: [],
    keys: ['createdAt', 'description', 'id', 'name', 'type', 'updatedAt'],
    update: { description: 'Changed' },
  },
  carousels: {
    path: '/api/admin/carousels',
    valid: () => ({ title: 'Welcome', imageUrl: 'https://img.example.com/a.jpg', linkUrl: '/about', order: 2 }),
    required: ['title', 'imageUrl'],
    wrongTypes: { order: 'first', title: true },
    enums: { status: 'hidden' },
    urls: ['imageUrl', 'linkUrl'],
    keys: ['createdAt', 'id', 'imageUrl', 'linkUrl', 'order', 'status', 'title', 'updatedAt'],
    update: { status: 'inactive' },
  },
  projects: {
    path: '/api/admin/projects',
    valid: () => ({ title: 'Bookshelf', description: 'Track books', techStack: ['React'], categoryId: projectCategory, screenshots: ['/s/1.png'] }),
    required: ['title', 'description'],
    wrongTypes: { techStack: 'React', featured: 'yes', order: 1.5 },
    enums: { status: 'archived' },
    urls: ['coverImage', 'demoUrl', 'repoUrl'],
    keys: [
      'categoryId', 'content', 'coverImage', 'createdAt', 'demoUrl', 'description', 'featured', 'id', 'likeCount', 'order',
      'publishAt', 'publishedAt', 'repoUrl', 'screenshots', 'status', 'techStack', 'title', 'updatedAt', 'viewCount',
    ],
    update: { techStack: ['React', 'Node'] },
  },
  articles: {
    path: '/api/admin/articles',
    valid: () => ({ title: 'Hello admin API', content: '# Hi\n\nBody', categoryId: articleCategory }),
    required: ['title', 'content', 'categoryId'],
    wrongTypes: { categoryId: '1', content: 12, featured: 'true' },
    enums: { status: 'archived' },
    urls: ['coverImage'],
    keys: [
      'authorId', 'authorName', 'categoryId', 'categoryName', 'content', 'coverImage', 'createdAt', 'excerpt', 'featured', 'id',
      'likeCount', 'publishAt', 'publishedAt', 'readingTimeMinutes', 'slug', 'status', 'title', 'toc', 'updatedAt', 'viewCount',
    ],
    update: { excerpt: 'Short' },
  },
  resources: {
    path: '/api/admin/resources',
    valid: () => ({ title: 'Slides', fileUrl: 'https://files.example.com/s.pdf', fileSize: '2 MB' }),
    required: ['title', 'fileUrl'],
    wrongTypes: { downloadCount: '5', fileSize: 3 },
    enums: { status: 'archived' },
    urls: ['fileUrl'],
    keys: ['createdAt', 'description', 'downloadCount', 'fileSize', 'fileUrl', 'id', 'status', 'title', 'updatedAt'],
    update: { status: 'inactive' },
  },
}

beforeAll(async () => {
  service = await bootService()
  for (const role of ['admin', 'editor', 'user'] as const) {
    await createAccount(service.payload, role, `${role}@example.com`)
    token[role] = await loginToken(service, `${role}@example.com`)
  }
  articleCategory = Number((await service.payload.create({ collection: 'categories', data: { name: 'Notes', type: 'article' } })).id)
  projectCategory = Number((await service.payload.create({ collection: 'categories', data: { name: 'Apps', type: 'project' } })).id)
})

afterAll(async () => {
  await service?.stop()
})

const as = (role: 'admin' | 'editor' | 'user') => ({ Authorization: `Bearer ${token[role]}` })

describe.each(Object.entries(CASES))('/api/admin/%s', (_name, c) => {
  it('401 without a token, with garbage, and with an expired token; 403 for a member', async () => {
    const expired = resignToken(service.payload, token.admin, Math.floor(Date.now() / 1000) - 60)
    expect((await service.request().get(c.path)).status).toBe(401)
    expect((await service.request().post(c.path).set('Authorization', 'Bearer garbage').send(c.valid())).status).toBe(401)
    expect((await service.request().get(c.path).set('Authorization', `Bearer ${expired}`)).status).toBe(401)
    const member = await service.request().post(c.path).set(as('user')).send(c.valid())
    expect(member.status).toBe(403)
    expect(member.body.error.code).toBe('FORBIDDEN')
  })

  it.each(['admin', 'editor'] as const)('%s: create 201, update 200, list, delete 200, then 404', async (role) => {
    const created = await service.request().post(c.path).set(as(role)).send(c.valid())
    expect(created.status).toBe(201)
    expect(Object.keys(created.body).sort()).toEqual(['data', 'success'])
    expect(Object.keys(created.body.data).sort()).toEqual([...c.keys].sort())
    expect(typeof created.body.data.id).toBe('number')
    const id = created.body.data.id

    const updated = await service.request().put(`${c.path}/${id}`).set(as(role)).send({ ...c.update, id: 999, createdAt: 'x' })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ ...c.update, id })
    expect(updated.body.data.createdAt).toBe(created.body.data.createdAt)

    const list = await service.request().get(c.path).set(as(role))
    expect(list.status).toBe(200)
    expect(Object.keys(list.body).sort()).toEqual(['data', 'pagination', 'success'])
    expect(list.body.data.some((item: { id: number }) => item.id === id)).toBe(true)

    const deleted = await service.request().delete(`${c.path}/${id}`).set(as(role))
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ success: true, data: { id } })
    expect((await service.request().put(`${c.path}/${id}`).set(as(role)).send(c.update)).status).toBe(404)
    expect((await service.request().delete(`${c.path}/${id}`).set(as(role))).status).toBe(404)
  })

  it.each(c.required)('400 when %s is missing or null', async (field) => {
    for (const body of [{ ...c.valid(), [field]: undefined }, { ...c.valid(), [field]: null }]) {
      const res = await service.request().post(c.path).set(as('admin')).send(body)
      expect(res.status).toBe(400)
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field)
    }
  })

  it.each(Object.entries(c.wrongTypes))('400 for a wrong type of %s', async (field, value) => {
    const res = await service.request().post(c.path).set(as('admin')).send({ ...c.valid(), [field]: value })
    expect(res.status).toBe(400)
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field)
  })

  it.each(Object.entries(c.enums))('400 for an unknown %s value', async (field, value) => {
    const res = await service.request().post(c.path).set(as('admin')).send({ ...c.valid(), [field]: value })
    expect(res.status).toBe(400)
    expect(res.body.error.details[0].path).toBe(field)
  })

  it('400 for unknown fields and counters, and nothing is written', async () => {
    const before = (await service.request().get(`${c.path}?limit=100`).set(as('admin'))).body.pagination.total
    for (const extra of [{ surprise: 1 }, { viewCount: 5 }, { likeCount: 1 }]) {
      const res = await service.request().post(c.path).set(as('admin')).send({ ...c.valid(), ...extra })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
    }
    expect((await service.request().get(`${c.path}?limit=100`).set(as('admin'))).body.pagination.total).toBe(before)
  })

  it('404 for a missing or non-integer id', async () => {
    for (const id of ['999999', 'abc', '1.5', '2147483648']) {
      expect((await service.request().put(`${c.path}/${id}`).set(as('admin')).send(c.update)).status).toBe(404)
      expect((await service.request().delete(`${c.path}/${id}`).set(as('admin'))).status).toBe(404)
    }
  })
})

const URL_CASES = Object.values(CASES).flatMap((c) =>
  c.urls.flatMap((field) => ['javascript:alert(1)', 'data:text/html,hi', '//evil.example.com/x', '/\\evil.example.com'].map((url) => [c.path, field, url] as const)),
)

describe('URL fields refuse what would leave the site', () => {
  it.each(URL_CASES)('%s: 400 for %s = %s', async (path, field, url) => {
    const c = Object.values(CASES).find((candidate) => candidate.path === path)!
    const res = await service.request().post(path).set(as('admin')).send({ ...c.valid(), [field]: url })
    expect(res.status).toBe(400)
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field)
  })
})

describe('a title whose slug and its numbered forms are all taken', () => {
  it('is a 400 on slug at both doors, not a 500, and an explicit slug still saves', async () => {
    for (let n = 1; n <= 1000; n++) {
      const slug = n === 1 ? 'crowded' : `crowded-${n}`
      await service.payload.db.create({ collection: 'articles', data: { title: 'Crowded', slug, content: 'x', category: articleCategory, status: 'draft' } })
    }
    const message = '"crowded" and its numbered forms up to -1000 are taken: give this one a slug of its own'
    const viaApi = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Crowded', content: 'x', categoryId: articleCategory })
    expect(viaApi.status).toBe(400)
    expect(viaApi.body.error.details).toEqual([{ path: 'slug', message }])
    const viaCmsApi = await service.request().post('/cms-api/articles').set({ Authorization: `JWT ${token.editor}` }).send({ title: 'Crowded', content: 'x', category: articleCategory })
    expect(viaCmsApi.status).toBe(400)
    expect(viaCmsApi.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'slug', message })])
    const ownSlug = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Crowded', slug: 'crowded-again', content: 'x', categoryId: articleCategory })
    expect([ownSlug.status, ownSlug.body.data?.slug]).toEqual([201, expect.stringMatching(/^crowded-again-\d+$/)])
  }, 60_000)
})

describe('admin rules across resources', () => {
  it('409 CONFLICT with the rule from the collection when deleting a category still in use; it stays, and deletes once empty', async () => {
    const category = await service.request().post('/api/admin/categories').set(as('admin')).send({ name: 'Busy' })
    const id = category.body.data.id
    const articleIds: number[] = []
    for (const title of ['Uses it', 'Uses it too']) {
      const article = await service.request().post('/api/admin/articles').set(as('admin')).send({ title, content: 'x', categoryId: id })
      articleIds.push(article.body.data.id)
    }
    for (const role of ['admin', 'editor'] as const) {
      const res = await service.request().delete(`/api/admin/categories/${id}`).set(as(role))
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        success: false,
        error: { code: 'CONFLICT', message: 'This category is used by 2 articles; move them to another category first.' },
      })
    }
    expect((await service.request().get('/api/admin/categories?keyword=busy').set(as('admin'))).body.data).toHaveLength(1)

    for (const articleId of articleIds) await service.request().delete(`/api/admin/articles/${articleId}`).set(as('admin'))
    const emptied = await service.request().delete(`/api/admin/categories/${id}`).set(as('editor'))
    expect(emptied.status).toBe(200)
    expect(emptied.body).toEqual({ success: true, data: { id } })
  })

  it('409 names projects too, drafts included', async () => {
    const category = await service.request().post('/api/admin/categories').set(as('admin')).send({ name: 'Tools', type: 'project' })
    const id = category.body.data.id
    await service.request().post('/api/admin/projects').set(as('admin')).send({ title: 'Draft tool', description: 'd', categoryId: id })
    const res = await service.request().delete(`/api/admin/categories/${id}`).set(as('admin'))
    expect(res.status).toBe(409)
    expect(res.body.error.message).toBe('This category is used by 1 project; move it to another category first.')
  })

  it('categoryId must name a category of the right type', async () => {
    const article = await service.request().post('/api/admin/articles').set(as('admin')).send({ title: 'x', content: 'y', categoryId: projectCategory })
    expect(article.status).toBe(400)
    expect(article.body.error.details).toEqual([{ path: 'categoryId', message: 'must be the id of an article category' }])
    const project = await service.request().post('/api/admin/projects').set(as('admin')).send({ title: 'x', description: 'y', categoryId: 999999 })
    expect(project.status).toBe(400)
    expect(project.body.error.details).toEqual([{ path: 'categoryId', message: 'must be the id of a project category' }])
    const created = await service.request().post('/api/admin/projects').set(as('admin')).send({ title: 'Filed', description: 'y', categoryId: projectCategory })
    const update = await service.request().put(`/api/admin/projects/${created.body.data.id}`).set(as('admin')).send({ categoryId: articleCategory })
    expect(update.status).toBe(400)
    expect(update.body.error.details).toEqual([{ path: 'categoryId', message: 'must be the id of a project category' }])
    expect((await service.payload.findByID({ collection: 'projects', id: created.body.data.id })).category).toMatchObject({ id: projectCategory })
  })

  it('new articles and projects are drafts; publishing makes them public at once, with publishedAt and the author', async () => {
    const created = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Going live', content: 'Soon', categoryId: articleCategory })
    expect(created.body.data).toMatchObject({ status: 'draft', authorName: 'editor account' })
    const id = created.body.data.id
    await service.request().get('/api/home')
    const publicBefore = await service.request().get('/api/articles?limit=20')
    expect(publicBefore.body.data.map((a: { id: number }) => a.id)).not.toContain(id)

    const published = await service.request().put(`/api/admin/articles/${id}`).set(as('editor')).send({ status: 'published' })
    expect(published.body.data.status).toBe('published')
    const publicAfter = await service.request().get('/api/articles?limit=20')
    expect(publicAfter.body.data.map((a: { id: number }) => a.id)).toContain(id)
    expect((await service.request().get('/api/home')).body.data.latestArticles.map((a: { id: number }) => a.id)).toContain(id)
    const stored = await service.payload.findByID({ collection: 'articles', id })
    expect(stored.publishedAt).toEqual(expect.any(String))

    const project = await service.request().post('/api/admin/projects').set(as('admin')).send({ title: 'Live', description: 'd' })
    expect(project.body.data.status).toBe('draft')
    expect((await service.request().get(`/api/projects/${project.body.data.id}`)).status).toBe(404)
    await service.request().put(`/api/admin/projects/${project.body.data.id}`).set(as('admin')).send({ status: 'published' })
    expect((await service.request().get(`/api/projects/${project.body.data.id}`)).status).toBe(200)
  })

  it('lists page, search by keyword (any case) and filter by status, drafts included', async () => {
    for (const title of ['Alpha draft', 'Beta draft']) {
      await service.request().post('/api/admin/articles').set(as('admin')).send({ title, content: 'c', categoryId: articleCategory })
    }
    const search = await service.request().get('/api/admin/articles?keyword=ALPHA').set(as('admin'))
    expect(search.body.data.map((a: { title: string }) => a.title)).toEqual(['Alpha draft'])
    const drafts = await service.request().get('/api/admin/articles?status=draft&limit=1').set(as('admin'))
    expect(drafts.body.pagination).toMatchObject({ page: 1, limit: 1 })
    expect(drafts.body.pagination.total).toBeGreaterThanOrEqual(2)
    expect((await service.request().get('/api/admin/articles?status=gone').set(as('admin'))).status).toBe(400)
    expect((await service.request().get('/api/admin/categories').set(as('admin'))).body.pagination.limit).toBe(100)
    expect((await service.request().get('/api/admin/projects').set(as('admin'))).body.pagination.limit).toBe(10)
  })

  it('resources: downloadCount may be set on create only', async () => {
    const created = await service.request().post('/api/admin/resources').set(as('admin')).send({ title: 'Old', fileUrl: '/f.zip', downloadCount: 12 })
    expect(created.body.data.downloadCount).toBe(12)
    const res = await service.request().put(`/api/admin/resources/${created.body.data.id}`).set(as('admin')).send({ downloadCount: 99 })
    expect(res.status).toBe(400)
  })

  it('null clears an optional field on update', async () => {
    const created = await service.request().post('/api/admin/carousels').set(as('admin')).send({ title: 'T', imageUrl: '/a.png', linkUrl: '/x' })
    const cleared = await service.request().put(`/api/admin/carousels/${created.body.data.id}`).set(as('admin')).send({ linkUrl: null })
    expect(cleared.body.data.linkUrl).toBeNull()
  })

  it.each([
    ['articles', () => ({ title: 'Null status', content: 'c', categoryId: articleCategory }), { status: null, featured: null }, { status: 'draft', featured: false }],
    ['projects', () => ({ title: 'Null status', description: 'd' }), { status: null, featured: null, order: null }, { status: 'draft', featured: false, order: 0 }],
    ['carousels', () => ({ title: 'Null status', imageUrl: '/a.png' }), { status: null, order: null }, { status: 'active', order: 0 }],
    ['resources', () => ({ title: 'Null status', fileUrl: '/f.zip' }), { status: null, downloadCount: null }, { status: 'active', downloadCount: 0 }],
    ['categories', () => ({ name: 'Null type' }), { type: null }, { type: 'article' }],
  ])('%s: null for an optional field with a default means "not given" on create: the default applies', async (name, valid, nulls, defaults) => {
    const res = await service.request().post(`/api/admin/${name}`).set(as('admin')).send({ ...valid(), ...nulls })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject(defaults)
  })

  it('null on update clears a flag or an order, and is a 400 for a status, which cannot be empty', async () => {
    const created = await service.request().post('/api/admin/projects').set(as('admin')).send({ title: 'Kept', description: 'd', status: 'published', featured: true, order: 5 })
    const id = created.body.data.id
    const cleared = await service.request().put(`/api/admin/projects/${id}`).set(as('admin')).send({ featured: null, order: null })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data).toMatchObject({ featured: false, order: 0, status: 'published' })
    const status = await service.request().put(`/api/admin/projects/${id}`).set(as('admin')).send({ status: null })
    expect(status.status).toBe(400)
    expect(status.body.error.details.map((d: { path: string }) => d.path)).toEqual(['status'])
    expect((await service.payload.findByID({ collection: 'projects', id })).status).toBe('published')
  })

  it('article content: 500,000 characters are accepted, one more is a 400 on content', async () => {
    const atLimit = await service.request().post('/api/admin/articles').set(as('admin')).send({ title: 'Long', content: 'a'.repeat(500_000), categoryId: articleCategory })
    expect(atLimit.status).toBe(201)
    expect(atLimit.body.data.content).toHaveLength(500_000)
    const over = await service.request().post('/api/admin/articles').set(as('admin')).send({ title: 'Too long', content: 'a'.repeat(500_001), categoryId: articleCategory })
    expect(over.status).toBe(400)
    expect(over.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      details: [{ path: 'content', message: 'must be at most 500000 characters' }],
    })
    const put = await service.request().put(`/api/admin/articles/${atLimit.body.data.id}`).set(as('admin')).send({ content: 'b'.repeat(500_001) })
    expect(put.status).toBe(400)
    expect(put.body.error.details).toEqual([{ path: 'content', message: 'must be at most 500000 characters' }])
    // 350,000 Chinese characters are 1,050,000 bytes of UTF-8: the 1 MB body limit answers before the content limit.
    const wide = await service.request().post('/api/admin/articles').set(as('admin')).send({ title: 'Wide', content: '中'.repeat(350_000), categoryId: articleCategory })
    expect(wide.status).toBe(413)
  })

  it('415 for a non-JSON body and 400 for a body that is not an object', async () => {
    expect((await service.request().post('/api/admin/categories').set(as('admin')).type('form').send({ name: 'x' })).status).toBe(415)
    const array = await service.request().post('/api/admin/categories').set(as('admin')).set('Content-Type', 'application/json').send('[1,2]')
    expect(array.status).toBe(400)
  })
})
