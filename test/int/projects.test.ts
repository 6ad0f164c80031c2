import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory, createProject, setCreatedAt } from '../helpers/content'

let service: BootedService
let editorToken = ''
let userToken = ''
const ids: Record<string, number> = {}
let web: number
let tools: number

const LIST_KEYS = [
  'coverImage',
  'createdAt',
  'demoUrl',
  'description',
  'id',
  'likeCount',
  'repoUrl',
  'status',
  'techStack',
  'title',
  'viewCount',
].sort()
const RELATED_KEYS = ['coverImage', 'description', 'id', 'likeCount', 'techStack', 'title', 'viewCount'].sort()

beforeAll(async () => {
  service = await bootService()
  const { payload } = service
  await createAccount(payload, 'admin', 'admin@example.com')
  await createAccount(payload, 'editor', 'editor@example.com')
  await createAccount(payload, 'user', 'member@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  userToken = await loginToken(service, 'member@example.com')
  web = await createCategory(payload, 'Web', 'project')
  tools = await createCategory(payload, 'Tools', 'project')

  const specs: [string, string[], number | undefined][] = [
    ['shop', ['React', 'Node', 'PostgreSQL'], web], // the subject of the related tests
    ['blog', ['react', 'node', 'postgresql'], web], // same stack (other case) + same category: 1.5
    ['dash', ['React', 'Node'], tools], // 2/3 Jaccard: 0.667
    ['cli', ['Rust'], web], // nothing shared, same category: 0.5
    ['game', ['Rust'], tools], // nothing: 0
    ['site', ['React', 'Node'], tools], // ties with dash; newer, so first
  ]
  for (const [index, [name, techStack, category]] of specs.entries()) {
    const doc = await createProject(payload, {
      title: name,
      techStack,
      category,
      demoUrl: name === 'shop' ? 'https://shop.example.com' : undefined,
    })
    ids[name] = Number(doc.id)
    await setCreatedAt(payload, 'projects', doc.id, new Date(Date.UTC(2026, 1, index + 1)).toISOString())
  }
  ids.draft = Number((await createProject(payload, { title: 'wip', status: 'draft', techStack: ['React', 'Node', 'PostgreSQL'], category: web })).id)
})

afterAll(async () => {
  await service?.stop()
})

const get = (path: string) => service.request().get(path)

describe('GET /api/projects', () => {
  it('lists published projects, newest first, 10 per page, with exact keys', async () => {
    const res = await get('/api/projects')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total', 'totalPages'])
    expect(res.body).toMatchObject({ total: 6, page: 1, limit: 10, totalPages: 1 })
    expect(res.body.data.map((item: { title: string }) => item.title)).toEqual(['site', 'game', 'cli', 'dash', 'blog', 'shop'])
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(LIST_KEYS)
    expect(res.body.data[5]).toMatchObject({
      id: ids.shop,
      demoUrl: 'https://shop.example.com',
      repoUrl: null,
      coverImage: null,
      techStack: ['React', 'Node', 'PostgreSQL'],
      likeCount: 0,
      viewCount: 0,
      status: 'published',
    })
  })

  it('filters by category; an unknown category gives an empty list', async () => {
    const res = await get(`/api/projects?category=${tools}`)
    expect(res.body.data.map((item: { title: string }) => item.title)).toEqual(['site', 'game', 'dash'])
    expect((await get('/api/projects?category=99999')).body).toMatchObject({ data: [], total: 0 })
  })

  it('status=draft shows drafts to staff only', async () => {
    expect((await get('/api/projects?status=draft')).body).toMatchObject({ data: [], total: 0 })
    expect((await get('/api/projects?status=draft').set('Authorization', `Bearer ${userToken}`)).body.total).toBe(0)
    const staff = await get('/api/projects?status=draft').set('Authorization', `Bearer ${editorToken}`)
    expect(staff.body.data.map((item: { id: number }) => item.id)).toEqual([ids.draft])
    expect((await get('/api/projects?status=published')).body.total).toBe(6)
  })

  it('pages with limit, and past the end', async () => {
    const res = await get('/api/projects?limit=4&page=2')
    expect(res.body).toMatchObject({ total: 6, page: 2, limit: 4, totalPages: 2 })
    expect(res.body.data).toHaveLength(2)
    expect((await get('/api/projects?page=5')).body).toMatchObject({ data: [], total: 6, page: 5 })
    expect((await get('/api/projects?limit=1000')).body.limit).toBe(100)
  })

  it.each(['status=archived', 'status=', 'category=abc', 'category=1.5', 'category=-2', 'page=0', 'limit=-1'])('400 for %s', async (query) => {
    const res = await get(`/api/projects?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
  })
})

describe('GET /api/projects/:id', () => {
  it('returns the detail with content, screenshots and updatedAt, and counts the view', async () => {
    const res = await get(`/api/projects/${ids.shop}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual([...LIST_KEYS, 'content', 'screenshots', 'updatedAt'].sort())
    expect(res.body.data).toMatchObject({ id: ids.shop, content: '', screenshots: [], viewCount: 1 })
    expect((await get(`/api/projects/${ids.shop}`)).body.data.viewCount).toBe(2)
    expect((await service.request().head(`/api/projects/${ids.shop}`)).status).toBe(200)
    expect((await get(`/api/projects/${ids.shop}`)).body.data.viewCount).toBe(3) // the HEAD was no view
  })

  it('counts exactly 50 views for 50 parallel requests', async () => {
    const before = (await service.payload.findByID({ collection: 'projects', id: ids.game })).viewCount as number
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(`/api/projects/${ids.game}`)))
    expect(responses.every((res) => res.status === 200)).toBe(true)
    expect(((await service.payload.findByID({ collection: 'projects', id: ids.game })).viewCount as number) - before).toBe(50)
  })

  it('404 for a draft to the public; staff preview it', async () => {
    expect((await get(`/api/projects/${ids.draft}`)).status).toBe(404)
    const preview = await get(`/api/projects/${ids.draft}`).set('Authorization', `Bearer ${editorToken}`)
    expect(preview.status).toBe(200)
    expect(preview.body.data.status).toBe('draft')
  })

  it.each(['999999', 'abc', '1.5', '0', '-1', '2147483648', '999999999999999'])('404 for id %s', async (id) => {
    const res = await get(`/api/projects/${id}`)
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })
})

describe('GET /api/projects/:id/related', () => {
  it('ranks by tech-stack Jaccard plus 0.5 for the same category, newer first on ties, self and drafts excluded', async () => {
    const res = await get(`/api/projects/${ids.shop}/related`)
    expect(res.status).toBe(200)
    expect(res.body.data.map((item: { title: string }) => item.title)).toEqual(['blog', 'site', 'dash', 'cli', 'game'])
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(RELATED_KEYS)
  })

  it('defaults to 5 and honours limit (at most 20)', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => createProject(service.payload, { title: `extra ${n}`, techStack: ['Go'] })),
    )
    expect((await get(`/api/projects/${ids.shop}/related`)).body.data).toHaveLength(5)
    expect((await get(`/api/projects/${ids.shop}/related?limit=2`)).body.data.map((i: { title: string }) => i.title)).toEqual([
      'blog',
      'site',
    ])
    expect((await get(`/api/projects/${ids.shop}/related?limit=100`)).body.data).toHaveLength(20)
  })

  it('404 when the project is missing or a draft; 400 for a bad limit', async () => {
    expect((await get('/api/projects/999999/related')).status).toBe(404)
    expect((await get(`/api/projects/${ids.draft}/related`)).status).toBe(404)
    expect((await get(`/api/projects/${ids.shop}/related?limit=0`)).status).toBe(400)
    expect((await get(`/api/projects/${ids.shop}/related?limit=many`)).status).toBe(400)
  })
})
