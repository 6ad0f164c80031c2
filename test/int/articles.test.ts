import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, setCreatedAt } from '../helpers/content'

let service: BootedService
let editorToken = ''
let categoryId: number
const ids: Record<string, number> = {}

const LIST_KEYS = ['category', 'comments', 'cover', 'date', 'excerpt', 'id', 'slug', 'title', 'views'].sort()
const DETAIL_KEYS = [
  'authorId',
  'authorName',
  'categoryId',
  'categoryName',
  'content',
  'coverImage',
  'createdAt',
  'excerpt',
  'id',
  'likeCount',
  'readingTimeMinutes',
  'slug',
  'status',
  'title',
  'toc',
  'updatedAt',
  'viewCount',
].sort()

beforeAll(async () => {
  service = await bootService()
  const { payload } = service
  const admin = await createAccount(payload, 'admin', 'admin@example.com')
  await payload.update({ collection: 'users', id: admin.id, data: { name: 'Ada Lovelace' }, overrideAccess: true })
  await createAccount(payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  categoryId = await createCategory(payload, 'Engineering')

  // Seven published articles, created a day apart (a1 oldest), two featured; one draft; "Top 10" ends in digits.
  for (let n = 1; n <= 7; n++) {
    const doc = await createArticle(payload, {
      title: n === 7 ? 'Top 10' : `Article ${n}`,
      category: categoryId,
      author: admin.id,
      featured: n === 2 || n === 5,
      excerpt: n === 3 ? 'A hand-written excerpt.' : undefined,
      content: `# Heading ${n}\n\nBody with **bold**, a [link](https://example.com) and \`code\`.\n\n\`\`\`ts\nconst hidden = ${n}\n\`\`\``,
      coverImage: n === 1 ? 'https://cdn.example.com/cover.png' : undefined,
    })
    ids[`a${n}`] = Number(doc.id)
    await setCreatedAt(payload, 'articles', doc.id, new Date(Date.UTC(2026, 0, n)).toISOString())
  }
  const draft = await createArticle(payload, { title: 'Secret draft', category: categoryId, status: 'draft' })
  ids.draft = Number(draft.id)
})

afterAll(async () => {
  await service?.stop()
})

const get = (path: string) => service.request().get(path)

describe('GET /api/articles', () => {
  it('lists published articles, 4 per page by default, newest first, with exact keys and types', async () => {
    const res = await get('/api/articles')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'success'])
    expect(res.body.pagination).toEqual({ page: 1, limit: 4, total: 7, pages: 2 })
    expect(res.body.data.map((item: { id: number }) => item.id)).toEqual([ids.a7, ids.a6, ids.a5, ids.a4])
    for (const item of res.body.data) {
      expect(Object.keys(item).sort()).toEqual(LIST_KEYS)
      expect(item).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        excerpt: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        category: 'Engineering',
        cover: null,
        comments: 0,
        views: 0,
        slug: expect.stringMatching(/^[a-z0-9-]+-\d+$/),
      })
    }
  })

  it('builds the public slug as {stored-slug}-{id} and the excerpt as plain text', async () => {
    const res = await get('/api/articles?limit=20')
    const byId = new Map(res.body.data.map((item: { id: number }) => [item.id, item]))
    expect(byId.get(ids.a7)).toMatchObject({ title: 'Top 10', slug: `top-10-${ids.a7}` })
    expect(byId.get(ids.a1)).toMatchObject({ slug: `article-1-${ids.a1}`, cover: 'https://cdn.example.com/cover.png' })
    expect(byId.get(ids.a3)).toMatchObject({ excerpt: 'A hand-written excerpt.' })
    expect(byId.get(ids.a4)).toMatchObject({ excerpt: 'Heading 4 Body with bold, a link and code.' })
  })

  it('never lists drafts, not even to staff', async () => {
    const res = await get('/api/articles?limit=20').set('Authorization', `Bearer ${editorToken}`)
    expect(res.body.data.map((item: { id: number }) => item.id)).not.toContain(ids.draft)
    expect(res.body.pagination.total).toBe(7)
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('pages: page 2, and a page past the end is empty with the true total', async () => {
    const page2 = await get('/api/articles?page=2')
    expect(page2.body.data.map((item: { id: number }) => item.id)).toEqual([ids.a3, ids.a2, ids.a1])
    const past = await get('/api/articles?page=9')
    expect(past.status).toBe(200)
    expect(past.body).toEqual({ success: true, data: [], pagination: { page: 9, limit: 4, total: 7, pages: 2 } })
  })

  it('reduces a limit above 20 to 20', async () => {
    const res = await get('/api/articles?limit=500')
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 7, pages: 1 })
    expect(res.body.data).toHaveLength(7)
  })

  it('filters featured articles', async () => {
    const featured = await get('/api/articles?featured=true')
    expect(featured.body.data.map((item: { id: number }) => item.id)).toEqual([ids.a5, ids.a2])
    expect(featured.body.pagination.total).toBe(2)
    expect((await get('/api/articles?featured=false')).body.pagination.total).toBe(7)
  })

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=1e9', 'limit=0', 'limit=x', 'featured=yes', 'featured=1'])(
    '400 for %s',
    async (query) => {
      const res = await get(`/api/articles?${query}`)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
      expect(res.body.error.details[0].path).toBe(query.split('=')[0])
    },
  )
})

describe('GET /api/articles/:id', () => {
  it('finds an article by id, with the exact detail keys', async () => {
    const res = await get(`/api/articles/${ids.a1}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(DETAIL_KEYS)
    expect(res.body.data).toMatchObject({
      id: ids.a1,
      title: 'Article 1',
      slug: `article-1-${ids.a1}`,
      coverImage: 'https://cdn.example.com/cover.png',
      categoryId,
      categoryName: 'Engineering',
      authorId: expect.any(Number),
      authorName: 'Ada Lovelace',
      likeCount: 0,
      status: 'published',
    })
    expect(res.body.data.content).toContain('const hidden = 1')
  })

  it.each([
    ['its id', () => String(ids.a7)],
    ['its public slug', () => `top-10-${ids.a7}`],
    ['its stored slug', () => 'top-10'],
  ])('finds the digits-titled "Top 10" by %s', async (_name, key) => {
    const res = await get(`/api/articles/${key()}`)
    expect(res.status).toBe(200)
    expect(res.body.data.id).toBe(ids.a7)
  })

  it('a public slug whose prefix does not match that id is read as a stored slug (404 here)', async () => {
    expect((await get(`/api/articles/article-2-${ids.a1}`)).status).toBe(404)
  })

  it.each(['2147483648', '9'.repeat(40), 'top-2147483648', 'top-10%00', '%00'])(
    '404, never 500, for %s: an id no record can have, or a character no text column holds',
    async (key) => {
      const res = await get(`/api/articles/${key}`)
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('NOT_FOUND')
    },
  )

  it('counts a view per request and shows the new count, without touching updatedAt', async () => {
    const before = (await get(`/api/articles/${ids.a2}`)).body.data
    const after = (await get(`/api/articles/article-2-${ids.a2}`)).body.data
    expect(after.viewCount).toBe(before.viewCount + 1)
    expect(after.updatedAt).toBe(before.updatedAt)
  })

  it('counts exactly 50 views for 50 parallel requests', async () => {
    const start = (await service.payload.findByID({ collection: 'articles', id: ids.a6 })).viewCount as number
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(`/api/articles/${ids.a6}`)))
    expect(responses.every((res) => res.status === 200)).toBe(true)
    const end = (await service.payload.findByID({ collection: 'articles', id: ids.a6 })).viewCount as number
    expect(end - start).toBe(50)
  })

  it('1,000 parallel views over two articles: each counted once, each answer showing its own place in the count', async () => {
    const counted = [ids.a6, ids.a2] as number[]
    const stored = async (id: number) => (await service.payload.findByID({ collection: 'articles', id })).viewCount as number
    const starts = await Promise.all(counted.map(stored))
    // All 1,000 sent at once, over 50 connections: the server takes 100 from one client (MAX_CONNECTIONS_PER_CLIENT),
    // and the next test's connection may arrive before it has seen these close.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 })
    const view = (id: number) =>
      new Promise<{ id: number; status: number; viewCount: number }>((resolve, reject) => {
        http
          .get(`${service.url}/api/articles/${id}`, { agent }, (res) => {
            let body = ''
            res.on('data', (chunk: Buffer) => (body += chunk.toString()))
            res.on('end', () => resolve({ id, status: res.statusCode ?? 0, viewCount: (JSON.parse(body) as { data: { viewCount: number } }).data.viewCount }))
          })
          .on('error', reject)
      })
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, index) => view(counted[index % 2]!))).finally(() => agent.destroy())
    expect(answers.every(({ status }) => status === 200)).toBe(true)
    for (const [index, id] of counted.entries()) {
      expect((await stored(id)) - starts[index]!).toBe(500)
      const shown = answers.filter((answer) => answer.id === id).map(({ viewCount }) => viewCount).sort((a, b) => a - b)
      expect(shown).toEqual(Array.from({ length: 500 }, (_, n) => starts[index]! + n + 1))
    }
  })

  it('404 for a draft to the public, but an editor may preview it', async () => {
    for (const key of [String(ids.draft), 'secret-draft', `secret-draft-${ids.draft}`]) {
      const res = await get(`/api/articles/${key}`)
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('NOT_FOUND')
    }
    const preview = await get(`/api/articles/${ids.draft}`).set('Authorization', `Bearer ${editorToken}`)
    expect(preview.status).toBe(200)
    expect(preview.body.data.status).toBe('draft')
    expect(preview.body.data.viewCount).toBe(0) // previews are not counted
    expect((await get(`/api/articles/${ids.draft}`).set('Authorization', `Bearer ${editorToken}`)).body.data.viewCount).toBe(0)
    expect(preview.headers['cache-control']).toBe('private, no-store')
  })

  it.each(['999999', 'no-such-article', 'x-1'])('404 for %s', async (key) => {
    expect((await get(`/api/articles/${key}`)).status).toBe(404)
  })
})

describe('HTTP caching of public reads', () => {
  it('sends an ETag and answers If-None-Match with an empty 304', async () => {
    const first = await get('/api/articles')
    expect(first.headers.etag).toBeTruthy()
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const second = await get('/api/articles').set('If-None-Match', first.headers.etag!)
    expect(second.status).toBe(304)
    expect(second.text).toBe('')
  })
})
