import { request } from 'node:http'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { CMS_API_BODY_LIMITS } from '../../lib/cmsApiLimits'
import { GRAPHQL_BOUNDS } from '../../lib/queryBounds'
import { createAccount, loginToken } from '../helpers/accounts'
import { createArticle, createCategory, createProject } from '../helpers/content'
import { markdownCorpus } from '../helpers/markdownCorpus'
import { uploadImage } from '../helpers/media'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService
let adminToken = ''
let editorToken = ''
let userToken = ''
let adminId: number

beforeAll(async () => {
  service = await bootService()
  adminId = Number((await createAccount(service.payload, 'admin', 'owner@example.com')).id)
  await createAccount(service.payload, 'editor', 'editor@example.com')
  await createAccount(service.payload, 'user', 'member@example.com')
  adminToken = await loginToken(service, 'owner@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  userToken = await loginToken(service, 'member@example.com')

  const { payload } = service
  const category = await payload.create({ collection: 'categories', data: { name: 'Notes', type: 'article' } })
  for (const status of ['published', 'draft'] as const) {
    await payload.create({
      collection: 'articles',
      data: { title: `A ${status} article`, content: '# Hi', category: category.id, status },
    })
  }
  for (const status of ['approved', 'pending', 'spam'] as const) {
    await payload.create({
      collection: 'wall-messages',
      data: { nickname: `visitor-${status}`, content: 'Hello!', email: `${status}@visitors.example.com`, status },
    })
  }
})

afterAll(async () => {
  await service?.stop()
})

const EMAIL_PATTERN = /@(example\.com|visitors\.example\.com)/

describe('/cms-api for anonymous callers', () => {
  it('cannot list users', async () => {
    const res = await service.request().get('/cms-api/users')
    expect(res.status).toBe(403)
    expect(res.text).not.toMatch(EMAIL_PATTERN)
  })

  it('cannot read a user by id', async () => {
    const res = await service.request().get(`/cms-api/users/${adminId}`)
    expect(res.status).toBe(403)
    expect(res.text).not.toMatch(EMAIL_PATTERN)
  })

  it('gets no user from /users/me', async () => {
    const res = await service.request().get('/cms-api/users/me')
    expect(res.status).toBe(200)
    expect(res.body.user).toBeNull()
  })

  it('cannot read users or emails through GraphQL', async () => {
    const res = await service
      .request()
      .post('/cms-api/graphql')
      .send({ query: '{ Users { docs { id email } } WallMessages { docs { nickname email } } }' })
    expect(res.text).not.toMatch(EMAIL_PATTERN)
    expect(res.body.data?.Users ?? null).toBeNull()
    expect(res.body.errors?.length).toBeGreaterThan(0)
  })

  it('sees approved wall messages only, without email addresses', async () => {
    const res = await service.request().get('/cms-api/wall-messages')
    expect(res.status).toBe(200)
    expect(res.body.docs.map((doc: { nickname: string }) => doc.nickname)).toEqual(['visitor-approved'])
    expect(res.body.docs[0]).not.toHaveProperty('email')
    expect(res.text).not.toMatch(EMAIL_PATTERN)
  })

  it('sees published articles only, and no author emails even at depth 2', async () => {
    const res = await service.request().get('/cms-api/articles?depth=2')
    expect(res.status).toBe(200)
    expect(res.body.docs.map((doc: { status: string }) => doc.status)).toEqual(['published'])
    expect(res.text).not.toMatch(EMAIL_PATTERN)
  })

  it('reads the Markdown, never the editor\'s rich-text copy: lists, by id, asked for by select, GraphQL, as a member too', async () => {
    const { payload } = service
    const project = await createProject(payload, { title: 'Shown', content: '## Built with care' })
    const list = await service.request().get('/cms-api/articles?depth=2')
    expect(list.body.docs[0]).toMatchObject({ title: 'A published article', content: '# Hi' })
    expect(list.body.docs[0]).not.toHaveProperty('contentRichText')
    const id = list.body.docs[0].id
    const byId = await service.request().get(`/cms-api/articles/${id}`)
    expect(byId.body).toMatchObject({ id, content: '# Hi' })
    expect(byId.body).not.toHaveProperty('contentRichText')
    const asked = await service.request().get('/cms-api/articles?select[contentRichText]=true&select[title]=true')
    expect(asked.body.docs).toEqual([{ id, title: 'A published article' }])
    const askedAlone = await service.request().get(`/cms-api/articles/${id}?select[contentRichText]=true`)
    expect(askedAlone.body).toEqual({ id })
    const nestedExclusion = await service.request().get(`/cms-api/articles/${id}?select[contentRichText][root]=false`)
    expect(nestedExclusion.body).toMatchObject({ id, title: 'A published article', content: '# Hi' })
    expect(nestedExclusion.body).not.toHaveProperty('contentRichText')
    const excluding = await service.request().get('/cms-api/projects?select[content]=false')
    expect(excluding.body.docs[0]).toMatchObject({ id: project.id, title: 'Shown' })
    expect(excluding.body.docs[0]).not.toHaveProperty('content')
    expect(excluding.body.docs[0]).not.toHaveProperty('contentRichText')
    const member = await service.request().get(`/cms-api/projects/${project.id}`).set('Authorization', `Bearer ${userToken}`)
    expect(member.body).toMatchObject({ id: project.id, content: '## Built with care' })
    expect(member.body).not.toHaveProperty('contentRichText')
    const graphql = await service.request().post('/cms-api/graphql').send({ query: '{ Articles { docs { title contentRichText } } }' })
    expect(graphql.body.data.Articles.docs).toEqual([{ title: 'A published article', contentRichText: null }])
    const editor = await service.request().get(`/cms-api/articles/${id}`).set('Authorization', `Bearer ${editorToken}`)
    expect(editor.body.contentRichText.root.children[0]).toMatchObject({ type: 'heading', tag: 'h1' })
  })

  it('cannot create users (no self-made admins)', async () => {
    const res = await service
      .request()
      .post('/cms-api/users')
      .send({ email: 'intruder@evil.example', password: 'password123', roles: ['admin'] })
    expect(res.status).toBe(403)
    const { totalDocs } = await service.payload.count({ collection: 'users', where: { email: { equals: 'intruder@evil.example' } } })
    expect(totalDocs).toBe(0)
  })

  it('cannot sign the wall through /cms-api (only POST /api/wall-messages, which limits and checks)', async () => {
    const res = await service
      .request()
      .post('/cms-api/wall-messages')
      .send({ nickname: 'sneaky', content: 'approve me', status: 'approved', user: adminId })
    expect(res.status).toBe(403)
    const { totalDocs } = await service.payload.count({ collection: 'wall-messages', where: { nickname: { equals: 'sneaky' } } })
    expect(totalDocs).toBe(0)
  })
})

describe('/cms-api with bearer tokens', () => {
  it('/users/me returns the admin for an admin token', async () => {
    const res = await service.request().get('/cms-api/users/me').set('Authorization', `Bearer ${adminToken}`)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ id: adminId, email: 'owner@example.com', roles: ['admin'] })
  })

  it('an editor sees only their own account', async () => {
    const res = await service.request().get('/cms-api/users').set('Authorization', `Bearer ${editorToken}`)
    expect(res.status).toBe(200)
    expect(res.body.docs.map((doc: { email: string }) => doc.email)).toEqual(['editor@example.com'])
  })

  it('a member cannot promote themselves', async () => {
    const me = await service.request().get('/cms-api/users/me').set('Authorization', `Bearer ${userToken}`)
    await service
      .request()
      .patch(`/cms-api/users/${me.body.user.id}`)
      .set('Authorization', `Bearer ${userToken}`)
      .send({ roles: ['admin'] })
    const stored = await service.payload.findByID({ collection: 'users', id: me.body.user.id })
    expect(stored.roles).toEqual(['user'])
  })

  it('an editor sees drafts and emails of wall messages', async () => {
    const articles = await service.request().get('/cms-api/articles').set('Authorization', `Bearer ${editorToken}`)
    expect(articles.body.totalDocs).toBe(2)
    const wall = await service.request().get('/cms-api/wall-messages?limit=10').set('Authorization', `Bearer ${editorToken}`)
    expect(wall.body.docs.some((doc: { email?: string }) => doc.email === 'pending@visitors.example.com')).toBe(true)
  })

  it('a member reads no more than the public', async () => {
    const articles = await service.request().get('/cms-api/articles').set('Authorization', `Bearer ${userToken}`)
    expect(articles.body.docs.map((doc: { status: string }) => doc.status)).toEqual(['published'])
  })
})

describe('ids', () => {
  it('are numbers in /cms-api and the Local API', async () => {
    const res = await service.request().get('/cms-api/categories').set('Authorization', `Bearer ${adminToken}`)
    expect(typeof res.body.docs[0].id).toBe('number')
    const article = (await service.request().get('/cms-api/articles?depth=0')).body.docs[0]
    expect(typeof article.id).toBe('number')
    expect(typeof article.category).toBe('number')
    const created = await service.payload.create({ collection: 'skills', data: { name: 'TypeScript', level: 90, category: 'frontend' } })
    expect(typeof created.id).toBe('number')
    expect(Number.isInteger(created.id)).toBe(true)
  })
})

describe('a category still in use cannot be deleted through /cms-api either', () => {
  const IN_USE = 'This category is used by 1 article; move it to another category first.'
  let used = 0

  beforeAll(async () => {
    const { payload } = service
    used = Number((await payload.create({ collection: 'categories', data: { name: 'Mixed', type: 'article' } })).id)
    await payload.create({ collection: 'articles', data: { title: 'Filed', content: 'x', category: used, status: 'draft' } })
  })

  const unusedCategory = async () => Number((await service.payload.create({ collection: 'categories', data: { name: 'Spare', type: 'article' } })).id)
  const exists = async (id: number) => Boolean(await service.payload.findByID({ collection: 'categories', id, disableErrors: true }))

  it.each([['admin', () => adminToken], ['editor', () => editorToken]])('DELETE /cms-api/categories/:id as %s: 409 with the reason, and it stays', async (_role, token) => {
    const res = await service.request().delete(`/cms-api/categories/${used}`).set('Authorization', `Bearer ${token()}`)
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ errors: [{ message: IN_USE }] })
    expect(await exists(used)).toBe(true)
  })

  it('the bulk delete the admin list uses reports the refused one, deletes the unused one, and keeps the used one', async () => {
    const spare = await unusedCategory()
    const res = await service
      .request()
      .delete(`/cms-api/categories?where[id][in]=${used},${spare}`)
      .set('Authorization', `Bearer ${adminToken}`)
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ id: used, isPublic: true, message: IN_USE }])
    expect(res.body.docs.map((doc: { id: number }) => doc.id)).toEqual([spare])
    expect(await exists(used)).toBe(true)
    expect(await exists(spare)).toBe(false)
  })

  it('an unused category still deletes: 200', async () => {
    const spare = await unusedCategory()
    const res = await service.request().delete(`/cms-api/categories/${spare}`).set('Authorization', `Bearer ${editorToken}`)
    expect(res.status).toBe(200)
    expect(res.body.doc.id).toBe(spare)
    expect(await exists(spare)).toBe(false)
  })

  it('GraphQL refuses it with the same message', async () => {
    const res = await service
      .request()
      .post('/cms-api/graphql')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ query: `mutation { deleteCategory(id: ${used}) { id } }` })
    expect(res.body.data).toEqual({ deleteCategory: null })
    expect(res.body.errors).toMatchObject([{ message: IN_USE, extensions: { statusCode: 409 } }])
    expect(await exists(used)).toBe(true)
  })

  it('the Local API refuses it too', async () => {
    await expect(service.payload.delete({ collection: 'categories', id: used })).rejects.toMatchObject({ status: 409, message: IN_USE })
    expect(await exists(used)).toBe(true)
  })
})

describe('/cms-api refuses what would harm the process, in its own error shape', () => {
  const manyKeys = (bytes: number) => {
    const parts: string[] = []
    for (let index = 0, length = 1; length < bytes; index++) {
      const part = `"k${index}":1`
      parts.push(part)
      length += part.length + 1
    }
    return `{${parts.join(',')}}`
  }

  const TOO_LARGE_WITHOUT_STAFF = { errors: [{ message: 'Request body is too large: at most 64 KB without a staff sign-in.' }] }
  const postStreamed = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit)

  it('413 for a JSON body over 4 MB from staff, declared or streamed, before Payload parses it', async () => {
    const body = manyKeys(CMS_API_BODY_LIMITS.other + 1024)
    const staff = { 'Content-Type': 'application/json', Authorization: `JWT ${editorToken}` }
    const declared = await fetch(`${service.url}/cms-api/articles`, { method: 'POST', headers: staff, body })
    expect([declared.status, await declared.json()]).toEqual([413, { errors: [{ message: 'Request body is too large' }] }])
    const errors = vi.spyOn(service.payload.logger, 'error')
    const streamed = await postStreamed('/cms-api/articles', body, staff)
    expect([streamed.status, await streamed.json()]).toEqual([413, { errors: [{ message: 'Request body is too large' }] }])
    // A refusal, not a fault: no error with its stack in the log for each such request.
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    const health = await fetch(`${service.url}/api/health`)
    expect(health.status).toBe(200)
  })

  it('413 for a body over 64 KB from anyone but staff (anonymous, a member, a forged token), declared or streamed', async () => {
    const body = manyKeys(64 * 1024 + 16)
    const callers: Record<string, string>[] = [{}, { Authorization: `JWT ${userToken}` }, { Authorization: `JWT ${editorToken}x` }]
    for (const headers of callers) {
      const declared = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
      expect([declared.status, await declared.json()]).toEqual([413, TOO_LARGE_WITHOUT_STAFF])
      // Answered before the body was read: the connection is not used again while the rest is discarded.
      expect(declared.headers.get('connection')).toBe('close')
      const streamed = await postStreamed('/cms-api/users/login', body, headers)
      expect([streamed.status, await streamed.json()]).toEqual([413, TOO_LARGE_WITHOUT_STAFF])
    }
    const form = new FormData()
    form.append('_payload', body)
    const multipart = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', body: form })
    expect([multipart.status, await multipart.json()]).toEqual([413, TOO_LARGE_WITHOUT_STAFF])
    // Just under the limit, a stranger's body is still read, and refused only for what it says.
    const small = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: manyKeys(60 * 1024) })
    expect(small.status).toBe(400)
    // Staff save documents larger than that.
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Long reads', type: 'article' } })
    const article = await fetch(`${service.url}/cms-api/articles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${editorToken}` },
      body: JSON.stringify({ title: 'A long one', content: 'word '.repeat(30_000), category: category.id }),
    })
    expect(article.status).toBe(201)
  })

  it('400 for a body that is not JSON, logged as nothing worse than a refusal', async () => {
    const errors = vi.spyOn(service.payload.logger, 'error')
    for (const body of ['not json{', '{"email":', '\u0000']) {
      const res = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      expect([res.status, await res.json()]).toEqual([400, { errors: [{ message: 'Invalid JSON' }] }])
    }
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    // An empty body is Payload's `{}`, and JSON still reaches it whole.
    const empty = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })
    expect(empty.status).toBe(400)
    const wrong = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }) })
    expect([wrong.status, await wrong.json()]).toEqual([401, { errors: [{ message: 'The email or password provided is incorrect.' }] }])
  })

  it('400 for a staff save with no body, a text body or JSON that is no object, where Payload answered 500', async () => {
    const NOT_AN_OBJECT = { errors: [{ message: 'The body must be a JSON object of the fields to save.' }] }
    const staff = { Authorization: `JWT ${adminToken}` }
    const saves: [string, string, RequestInit][] = [
      ['POST', '/cms-api/articles', { headers: staff }],
      ['POST', '/cms-api/carousels', { headers: { ...staff, 'Content-Type': 'text/plain' }, body: 'title=x' }],
      ['POST', '/cms-api/categories', { headers: { ...staff, 'Content-Type': 'application/json' }, body: '[]' }],
    ]
    for (const [method, path, init] of saves) {
      const res = await fetch(`${service.url}${path}`, { method, ...init })
      expect([path, res.status, await res.json()]).toEqual([path, 400, NOT_AN_OBJECT])
    }
  })

  it('413 for a GraphQL query over 1 MB from staff, over 64 KB from anyone else; a small one is still answered', async () => {
    const aliases = Array.from({ length: 60_000 }, (_, index) => `a${index}:__typename`).join(' ')
    expect(aliases.length).toBeGreaterThan(CMS_API_BODY_LIMITS.graphql)
    const big = await service.request().post('/cms-api/graphql').set('Authorization', `JWT ${adminToken}`).send({ query: `{${aliases}}` })
    expect([big.status, big.body]).toEqual([413, { errors: [{ message: 'Request body is too large' }] }])
    const anonymous = await service.request().post('/cms-api/graphql').send({ query: `{${aliases.slice(0, 70_000)}}` })
    expect([anonymous.status, anonymous.body]).toEqual([413, TOO_LARGE_WITHOUT_STAFF])
    const small = await service.request().post('/cms-api/graphql').send({ query: '{ a: __typename }' })
    expect([small.status, small.body]).toEqual([200, { data: { a: 'Query' } }])
  })

  it('400 for a GraphQL query whose fragments spread each other in a cycle, which overflowed the stack', async () => {
    const query = 'query { ...F } fragment F on Query { ...G } fragment G on Query { ...F }'
    const cycle = await service.request().post('/cms-api/graphql').send({ query })
    expect(cycle.status).toBe(400)
    expect(cycle.body).toMatchObject({ errors: [{ message: 'Fragments must not spread each other in a cycle.' }] })
    expect(cycle.body.data).toBeUndefined()
    const batched = await service.request().post('/cms-api/graphql').send([{ query: '{ a: __typename }' }, { query }])
    expect(batched.status).toBe(400)
    // Payload's GraphQL route takes no raw `application/graphql` body: refused before anything parses it.
    const raw = await service.request().post('/cms-api/graphql').set('Content-Type', 'application/graphql').send(query)
    expect(raw.status).toBe(415)
    const fine = await service.request().post('/cms-api/graphql').send({ query: 'query { ...F } fragment F on Query { a: __typename }' })
    expect([fine.status, fine.body]).toEqual([200, { data: { a: 'Query' } }])
  })

  it('400 for fragments spread in each other 2,000 deep, which overflowed the stack of Payload\'s complexity count', async () => {
    const spreadIn = (depth: number) => {
      const chain = Array.from({ length: depth }, (_, index) => `fragment F${index} on Query { ...F${index + 1} }`).join(' ')
      return service.request().post('/cms-api/graphql').set('Authorization', `JWT ${adminToken}`).send({ query: `query { ...F0 } ${chain} fragment F${depth} on Query { a: __typename }` })
    }
    expect((await spreadIn(2000)).body).toEqual({ errors: [{ message: `A GraphQL document may hold at most ${GRAPHQL_BOUNDS.tokens} tokens.` }] })
    const deep = await spreadIn(200)
    expect(deep.status).toBe(400)
    expect(deep.body).toMatchObject({ errors: [{ message: `Selections may nest at most ${GRAPHQL_BOUNDS.nesting} deep, fragments included.` }] })
    const nested = (levels: number) => `query { ${'... on Query { '.repeat(levels)} a: __typename ${'}'.repeat(levels)} }`
    expect((await service.request().post('/cms-api/graphql').send({ query: nested(GRAPHQL_BOUNDS.nesting - 1) })).body).toEqual({ data: { a: 'Query' } })
    expect((await service.request().post('/cms-api/graphql').send({ query: nested(GRAPHQL_BOUNDS.nesting) })).status).toBe(400)
  })

  it('405 for TRACE, 404 for prototype names, never an HTML page with a stack', async () => {
    // fetch will not send TRACE.
    const trace = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      request(`${service.url}/cms-api/articles`, { method: 'TRACE' }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
        .on('error', reject)
        .end()
    })
    expect([trace.status, JSON.parse(trace.body)]).toEqual([405, { errors: [{ message: 'Method not allowed' }] }])
    for (const path of ['/cms-api/__proto__', '/cms-api/constructor', '/cms-api/articles/__proto__', '/cms-api/globals/%5F%5Fproto%5F%5F']) {
      const res = await service.request().get(path)
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { errors: [{ message: 'Not Found' }] } })
    }
  })
})

describe('/cms-api writes that once stored what no one could read back', () => {
  const as = (token: string) => ({ Authorization: `JWT ${token}` })

  it('an empty date is no date: the save answers, and the public lists still do', async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Dates', type: 'article' } })
    const article = await service.payload.create({ collection: 'articles', data: { title: 'Dated', content: 'x', category: category.id, status: 'published' } })
    const res = await service.request().patch(`/cms-api/articles/${article.id}`).set(as(editorToken)).send({ publishedAt: '', publishAt: '' })
    expect(res.status).toBe(200)
    expect(res.body.doc.publishAt ?? null).toBeNull()
    for (const path of ['/api/articles', '/api/feeds/rss.xml', '/cms-api/articles']) {
      expect({ path, status: (await service.request().get(path)).status }).toEqual({ path, status: 200 })
    }
  })

  it('an order past the exact integers is refused, and the lists still answer', async () => {
    // As JSON text: 2^53 + 1 arrives as 2^53, which no longer stands for one integer.
    const body = '{"name": "Huge", "level": 50, "order": 9007199254740993}'
    const res = await service.request().post('/cms-api/skills').set(as(editorToken)).set('Content-Type', 'application/json').send(body)
    expect(res.status).toBe(400)
    expect((await service.request().get('/api/skills')).status).toBe(200)
  })

  it('content that is not text is refused, not a 500', async () => {
    const res = await service.request().post('/cms-api/projects').set(as(editorToken)).send({ title: 'P', description: 'd', content: [] })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].data.errors).toEqual([{ path: 'content', message: 'Must be text (Markdown).', label: expect.anything() }])
  })

  it('short texts hold what /api/admin lets them hold: an excerpt or a description past it is a 400 naming the field', async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Lengths', type: 'article' } })
    const article = await service.payload.create({ collection: 'articles', data: { title: 'Short', content: 'x', category: category.id, status: 'published' } })
    const project = await createProject(service.payload, { title: 'Lengths' })
    for (const [path, field, max] of [
      [`/cms-api/articles/${article.id}`, 'excerpt', 1000],
      [`/cms-api/projects/${project.id as number}`, 'description', 5000],
      [`/cms-api/categories/${category.id}`, 'description', 2000],
    ] as const) {
      const refused = await service.request().patch(path).set(as(editorToken)).send({ [field]: 'x'.repeat(max + 1) })
      expect([path, refused.status, refused.body.errors[0].data.errors[0].path]).toEqual([path, 400, field])
      expect((await service.request().patch(path).set(as(editorToken)).send({ [field]: 'x'.repeat(max) })).status).toBe(200)
    }
  })

  it("an article's author is an admin or an editor, whoever names one; server code is not held to it", async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Authors', type: 'article' } })
    const article = await service.payload.create({ collection: 'articles', data: { title: 'Authored', content: 'x', category: category.id, status: 'published', author: adminId } })
    const { docs } = await service.payload.find({ collection: 'users', where: { email: { equals: 'member@example.com' } } })
    const memberId = docs[0]!.id
    const refused = await service.request().patch(`/cms-api/articles/${article.id}`).set(as(editorToken)).send({ author: memberId })
    expect([refused.status, refused.body.errors[0].data.errors]).toEqual([400, [expect.objectContaining({ path: 'author', message: 'The author must be an admin or an editor.' })]])
    const created = await service.request().post('/cms-api/articles').set(as(editorToken)).send({ title: 'By a member?', content: 'x', category: category.id, author: memberId })
    expect(created.status).toBe(400)
    expect((await service.payload.findByID({ collection: 'articles', id: article.id, depth: 0 })).author).toBe(adminId)
    const kept = await service.request().patch(`/cms-api/articles/${article.id}`).set(as(editorToken)).send({ title: 'Authored, again' })
    expect(kept.status).toBe(200)
    const byScript = await service.payload.update({ collection: 'articles', id: article.id, data: { author: memberId }, overrideAccess: true })
    expect(byScript.author).toMatchObject({ id: memberId })
    expect((await service.request().patch(`/cms-api/articles/${article.id}`).set(as(editorToken)).send({ title: 'A member wrote it once' })).status).toBe(200)
  })

  it('a duplicate starts as a new record: a draft, never published or scheduled, written by whoever duplicated it', async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Copies', type: 'article' } })
    const original = await service.payload.create({
      collection: 'articles',
      data: { title: 'Original', content: 'x', category: category.id, status: 'published', author: adminId, publishAt: '2031-01-01T00:00:00.000Z' },
    })
    const publicTotal = async () => (await service.request().get('/api/articles')).body.pagination.total as number
    const before = await publicTotal()
    const copy = await service.request().post(`/cms-api/articles/${original.id}/duplicate?depth=0`).set(as(editorToken))
    expect(copy.status).toBe(200)
    const { docs } = await service.payload.find({ collection: 'users', where: { email: { equals: 'editor@example.com' } } })
    const { status, publishedAt, publishAt, feedSlug, author, title } = copy.body.doc
    expect({ status, publishedAt, publishAt, feedSlug, author, title }).toEqual({ status: 'draft', publishedAt: null, publishAt: null, feedSlug: null, author: docs[0]!.id, title: 'Original' })
    expect(await publicTotal()).toBe(before)
    const kept = await service.payload.findByID({ collection: 'articles', id: original.id, depth: 0 })
    expect([kept.status, kept.author, kept.feedSlug]).toEqual(['published', adminId, original.feedSlug])
    const project = await createProject(service.payload, { title: 'Original project' })
    const projectCopy = await service.request().post(`/cms-api/projects/${project.id as number}/duplicate?depth=0`).set(as(editorToken))
    expect([projectCopy.status, projectCopy.body.doc.status, projectCopy.body.doc.publishedAt]).toEqual([200, 'draft', null])
  })

  it('counts sent with a create through /cms-api start at 0', async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Counts', type: 'article' } })
    const res = await service.request().post('/cms-api/articles').set(as(editorToken)).send({ title: 'Inflated', content: 'x', category: category.id, viewCount: 999_999, likeCount: 4_242 })
    expect(res.status).toBe(201)
    const stored = await service.request().get(`/cms-api/articles/${res.body.doc.id}?depth=0`).set(as(editorToken))
    expect([stored.body.viewCount, stored.body.likeCount]).toEqual([0, 0])
  })
})

describe('the counters rows (one per article, project and resource, drafts too)', () => {
  it('have no door of their own: a listing would count the drafts', async () => {
    for (const auth of [{}, { Authorization: `JWT ${adminToken}` }]) {
      for (const path of ['/cms-api/counters', '/cms-api/counters/1', '/cms-api/counters/count']) {
        const res = await service.request().get(path).set(auth)
        expect([path, res.status, res.body]).toEqual([path, 404, { errors: [{ message: 'Not Found' }] }])
      }
      const graphql = await service.request().post('/cms-api/graphql').set(auth).send({ query: '{ Counters { totalDocs } }' })
      expect(graphql.status).toBe(400)
      expect(graphql.body.errors[0].message).toMatch(/Cannot query field "Counters"/)
    }
  })
})

describe('/cms-api logging', () => {
  it('a query on a path that cannot be queried is a 400, and writes no error line', async () => {
    const errors = vi.spyOn(service.payload.logger, 'error')
    try {
      const res = await service.request().get('/cms-api/articles?where[nope.deeper][equals]=1')
      expect(res.status).toBe(400)
      expect(res.body.errors[0].message).toBe('The following path cannot be queried: nope')
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})

describe('/cms-api answers malformed queries as the client mistakes they are', () => {
  const malformed = [
    '/cms-api/articles/abc',
    '/cms-api/articles?where[id][in]=a,b',
    '/cms-api/articles?where[id][equals]=1e400',
    '/cms-api/articles?where[title][equals][$ne]=1',
    '/cms-api/articles?where[createdAt][greater_than]=notadate',
    '/cms-api/articles?where=x',
    // Each of JSON.parse's messages: an unterminated string, a missing name, input cut short, text after the value.
    '/cms-api/articles?where=%22',
    '/cms-api/articles?where=%7B',
    '/cms-api/articles?where=%7B%22title%22',
    '/cms-api/articles?where=%5B',
    '/cms-api/articles?where=1,',
    '/cms-api/articles/count?where=tru',
    '/cms-api/articles/versions?where=%7B',
    '/cms-api/articles?data=%22',
    '/cms-api/articles?limit=1.5',
    '/cms-api/articles?limit=99999999999999999999',
    '/cms-api/articles?where[id][all]=1,2',
  ]

  it.each(malformed)('%s: a 4xx in Payload error shape, or an answer, never a 500', async (path) => {
    const res = await service.request().get(path)
    expect({ path, status: res.status < 500 ? 'below 500' : res.status }).toEqual({ path, status: 'below 500' })
    if (res.status >= 400) expect(res.body).toEqual({ errors: [{ message: expect.any(String) }] })
  })

  it('logs each of them in one line at info, never at error with a stack', async () => {
    // What the service's logger writes (pino's destination stream, under the symbol pino names `pino.stream`).
    const logger = service.payload.logger as unknown as Record<symbol, { write: (line: string) => unknown }>
    const stream = logger[Object.getOwnPropertySymbols(logger).find((symbol) => symbol.description === 'pino.stream')!]!
    const write = vi.spyOn(stream, 'write')
    // Tests log errors only (lib/env.ts): info is what these lines must be written at.
    const level = service.payload.logger.level
    service.payload.logger.level = 'info'
    try {
      for (const path of malformed) await service.request().get(path)
      const lines = write.mock.calls.map(([line]) => JSON.parse(line) as { level: number; err?: unknown })
      // Lines at info (30) only, none with an error and its stack. (Each one writes a line on SQLite; Postgres answers
      // two of them without one.)
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.filter((line) => line.level !== 30 || line.err !== undefined)).toEqual([])
    } finally {
      service.payload.logger.level = level
      write.mockRestore()
    }
  })

  it('GraphQL: a relationship compared with a value that is no id is the same mistake, status 400, not an internal error', async () => {
    for (const where of ['{ category: { equals: "abc" } }', '{ author: { in: ["abc"] } }']) {
      const res = await service.request().post('/cms-api/graphql').send({ query: `{ Articles(where: ${where}) { docs { id } } }` })
      expect(res.body.errors).toEqual([expect.objectContaining({ message: 'A value in the request does not fit its field.', extensions: expect.objectContaining({ statusCode: 400 }) })])
    }
  })

  it('a relationship to a document that does not exist, which only the foreign key finds, is a 400, not a 500', async () => {
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Keys', type: 'article' } })
    const created = await service.request().post('/cms-api/articles').set('Authorization', `JWT ${adminToken}`).send({ title: 'Keyed', content: 'x', category: category.id })
    expect(created.status).toBe(201)
    const missing = await service.request().patch(`/cms-api/articles/${created.body.doc.id}`).set('Authorization', `JWT ${adminToken}`).send({ author: -1 })
    expect([missing.status, missing.body]).toEqual([400, { errors: [{ message: 'A document the request names does not exist.' }] }])
    // Postgres refuses 1.5 for an integer column before it looks for the document.
    const fraction = await service.request().patch(`/cms-api/articles/${created.body.doc.id}`).set('Authorization', `JWT ${adminToken}`).send({ author: 1.5 })
    expect([fraction.status, fraction.body.errors[0].message]).toEqual([400, expect.stringMatching(/^A (document the request names does not exist|value in the request does not fit its field)\.$/)])
    const gallery = await service.request().post('/cms-api/galleries').set('Authorization', `JWT ${adminToken}`).send({ title: 'G', coverImage: -1 })
    expect([gallery.status, gallery.body]).toEqual([400, { errors: [{ message: 'A document the request names does not exist.' }] }])
  })

  it('a value of a shape its field cannot take is a 400 naming the field, not a 500; clearing a date still works', async () => {
    const admin = { Authorization: `JWT ${adminToken}` }
    const refused = async (request: ReturnType<ReturnType<typeof service.request>['post']>, path: string, message: string) => {
      const res = await request.set(admin)
      expect([res.status, res.body.errors?.[0]?.data?.errors]).toEqual([400, [expect.objectContaining({ path, message })]])
    }
    await refused(service.request().post('/cms-api/galleries').send({ title: 'G', images: null }), 'images', 'must be a list')
    await refused(service.request().post('/cms-api/users').send({ email: -1, password: 'a long enough password', roles: ['user'] }), 'email', 'must be text')
    await refused(service.request().post('/cms-api/globals/site').send({ hero: null }), 'hero', 'must be an object')
    const category = await service.payload.create({ collection: 'categories', data: { name: 'Shapes', type: 'article' } })
    const created = await service.request().post('/cms-api/articles').set(admin).send({ title: 'Shaped', content: 'x', category: category.id })
    const id = created.body.doc.id
    await refused(service.request().patch(`/cms-api/articles/${id}`).send({ publishAt: 1e20 }), 'publishAt', 'must be a date')
    await refused(service.request().patch(`/cms-api/articles/${id}`).send({ createdAt: null }), 'createdAt', 'must be a date')
    const cleared = await service.request().patch(`/cms-api/articles/${id}`).set(admin).send({ publishAt: null })
    expect(cleared.status).toBe(200)
  })

  it('an operator the database lacks is a 400 saying so', async () => {
    const res = await service.request().get('/cms-api/articles?where[id][all]=1,2')
    expect([res.status, res.body]).toEqual([400, { errors: [{ message: 'That query operator is not available on this database.' }] }])
  })
})

describe('/cms-api multipart bodies it cannot read', () => {
  it('a body cut short, or one without a boundary, is a 400', async () => {
    const cut = '--XX\r\nContent-Disposition: form-data; name="alt"\r\n\r\nhello\r\n--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc'
    const upload = await fetch(`${service.url}/cms-api/media`, {
      method: 'POST',
      headers: { Authorization: `JWT ${adminToken}`, 'Content-Type': 'multipart/form-data; boundary=XX' },
      body: cut,
    })
    expect([upload.status, await upload.json()]).toEqual([400, { errors: [{ message: 'The multipart body could not be read.' }] }])
    const login = await fetch(`${service.url}/cms-api/users/login`, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'x' })
    expect([login.status, await login.json()]).toEqual([400, { errors: [{ message: 'The multipart body could not be read.' }] }])
  })
})

describe('/cms-api takes the session cookie only from its own origin (no SERVER_URL, so Payload checks none)', () => {
  const asAdmin = async () => `payload-token=${adminToken}`
  const formCreatingAdmin = (email: string) => ({ _payload: JSON.stringify({ email, password: 'pw-attacker-123', roles: ['admin'] }) })
  const postForm = async (headers: Record<string, string>, email: string) => {
    const req = service.request().post('/cms-api/users').set({ cookie: await asAdmin(), ...headers })
    for (const [name, value] of Object.entries(formCreatingAdmin(email))) req.field(name, value)
    return req
  }
  const accountsNamed = async (email: string) => (await service.payload.count({ collection: 'users', where: { email: { equals: email } } })).totalDocs

  it('a form posted from a sibling host, or from an opaque origin, is anonymous: 403, no account made', async () => {
    for (const [index, origin] of ['http://evil.127.0.0.1.nip.io', 'null', 'https://127.0.0.1'].entries()) {
      const email = `csrf-${index}@example.com`
      const res = await postForm({ origin }, email)
      expect(res.status).toBe(403)
      expect(await accountsNamed(email)).toBe(0)
    }
    const me = await service.request().get('/cms-api/users/me').set({ cookie: await asAdmin(), origin: 'http://evil.example' })
    expect(me.body.user).toBeNull()
  })

  it('the admin UI\'s own requests keep it: the Origin of the host called, or of the host a proxy forwarded', async () => {
    const host = new URL(service.url).host
    const same = await postForm({ origin: `http://${host}` }, 'same-origin@example.com')
    expect(same.status).toBe(201)
    const proxied = await postForm({ origin: 'https://cms.example.com', 'x-forwarded-host': 'cms.example.com' }, 'proxied@example.com')
    expect(proxied.status).toBe(201)
    const withoutOrigin = await service.request().get('/cms-api/users/me').set({ cookie: await asAdmin() })
    expect(withoutOrigin.body.user?.email).toBe('owner@example.com')
  })

  it('a bearer token sent from another origin still counts: only cookies ride along unasked', async () => {
    const res = await service.request().get('/cms-api/users/me').set({ authorization: `JWT ${adminToken}`, origin: 'http://evil.example' })
    expect(res.body.user?.email).toBe('owner@example.com')
  })
})

describe("/cms-api's file door and its `prefix` parameter", () => {
  it('where media keep no prefixes, `prefix` changes nothing: the file or the 404, never a 500 with a stack', async () => {
    const { filename } = await uploadImage(service.payload, 'prefixed', 8, 6)
    const errors = vi.spyOn(service.payload.logger, 'error')
    for (const query of ['', '?prefix=x', '?prefix=', '?prefix=a&prefix=b']) {
      const file = await service.request().get(`/cms-api/media/file/${filename}${query}`)
      expect([query, file.status, file.headers['content-type']]).toEqual([query, 200, 'image/png'])
      const missing = await service.request().get(`/cms-api/media/file/no-such-file.png${query}`)
      expect([query, missing.status]).toEqual([query, 404])
    }
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})

describe('/cms-api answers HEAD as the GET it stands for, without the body', () => {
  it('a media file, a list and a missing file: the status and headers of the GET, no body (Payload answered 404 to all)', async () => {
    const { filename } = await uploadImage(service.payload, 'headed', 8, 6)
    const get = await fetch(`${service.url}/cms-api/media/file/${filename}`)
    const head = await fetch(`${service.url}/cms-api/media/file/${filename}`, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toEqual([200, 'image/png', get.headers.get('content-length')])
    expect((await head.arrayBuffer()).byteLength).toBe(0)
    const list = await fetch(`${service.url}/cms-api/articles?limit=1`, { method: 'HEAD' })
    expect([list.status, list.headers.get('content-type'), await list.text()]).toEqual([200, 'application/json', ''])
    expect((await fetch(`${service.url}/cms-api/media/file/no-such-file.png`, { method: 'HEAD' })).status).toBe(404)
  })
})

describe('/cms-api bodies of a shape no document has, from staff too', () => {
  const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]))
  const patch = (id: number, body: string, contentType = 'application/json') =>
    fetch(`${service.url}/cms-api/projects/${id}`, { method: 'PATCH', headers: { Authorization: `JWT ${editorToken}`, 'Content-Type': contentType }, body })

  it('more than 1,000 top-level keys, or nesting past 1,000 levels, is a 400 before Payload parses it (230,000 keys ran it out of memory)', async () => {
    const { id } = await createProject(service.payload, { title: 'Shapes' })
    const many = await patch(id as number, JSON.stringify({ title: 'Many', ...keys(1001) }))
    expect([many.status, await many.json()]).toEqual([400, { errors: [{ message: 'Request body holds more than 1000 values at its top level' }] }])
    const deep = await patch(id as number, `{"title":"Deep","a":${'['.repeat(1001)}${']'.repeat(1001)}}`)
    expect([deep.status, await deep.json()]).toEqual([400, { errors: [{ message: 'Request body nests deeper than 1000 levels' }] }])
    const within = await patch(id as number, JSON.stringify({ title: 'Within', ...keys(990) }))
    expect(within.status).toBe(200)
    expect((await service.payload.findByID({ collection: 'projects', id, depth: 0 })).title).toBe('Within')
  })

  it('more than 40,000 arrays and objects or 200,000 values is a 400, as JSON and as a multipart `_payload` (900,000 `{}` ended the process)', async () => {
    const { id } = await createProject(service.payload, { title: 'Junk' })
    const junk = (items: string, count: number) => `{"title":"Changed","junk":[${Array<string>(count).fill(items).join(',')}]}`
    const asForm = (fields: string) => {
      const form = new FormData()
      form.set('_payload', fields)
      return fetch(`${service.url}/cms-api/projects/${id as number}`, { method: 'PATCH', headers: { Authorization: `JWT ${editorToken}` }, body: form })
    }
    // Payload parses a `file` part sent as text as JSON too: a reference to a file uploaded elsewhere.
    const uploadReference = (reference: string) => {
      const form = new FormData()
      form.set('file', reference)
      return fetch(`${service.url}/cms-api/media`, { method: 'POST', headers: { Authorization: `JWT ${editorToken}` }, body: form })
    }
    const containers = { errors: [{ message: 'Request body holds more than 40000 arrays and objects' }] }
    const values = { errors: [{ message: 'Request body holds more than 200000 values' }] }
    for (const [sent, refusal] of [
      [() => patch(id as number, junk('{}', 40_000)), containers],
      [() => asForm(junk('{}', 40_000)), containers],
      [() => patch(id as number, junk('1', 200_000)), values],
      [() => asForm(junk('[]', 40_000)), containers],
      [() => uploadReference(junk('{}', 40_000)), containers],
    ] as const) {
      const res = await sent()
      expect([res.status, await res.json()]).toEqual([400, refusal])
    }
    expect((await service.payload.findByID({ collection: 'projects', id, depth: 0 })).title).toBe('Junk')
    const within = await asForm(junk('{}', 39_990))
    expect(within.status).toBe(200)
  })

  it('the two largest real articles as one go back as they came, as JSON and as the admin UI sends them (multipart)', async () => {
    const corpus = markdownCorpus()
    const markdown = ['changelog__monaco-editor.md', 'changelog__date-fns.md'].map((name) => corpus.find(({ file }) => file === name)?.markdown ?? '').join('\n\n')
    const category = await createCategory(service.payload, 'Changelogs')
    const { id } = await createArticle(service.payload, { title: 'Monaco changelog', content: markdown, category })
    const doc = await service.request().get(`/cms-api/articles/${id as number}?depth=0`).set('Authorization', `JWT ${editorToken}`)
    const { contentRichText, content } = doc.body as { contentRichText: unknown; content: string }
    expect(content.length).toBeGreaterThan(200_000)
    const fields = JSON.stringify({ title: 'Monaco changelog, again', content, contentRichText })
    // Past busboy's default of 1 MB for one field, which answered the admin UI's save 413.
    expect(fields.length).toBeGreaterThan(1024 * 1024)
    const asJson = await fetch(`${service.url}/cms-api/articles/${id as number}`, {
      method: 'PATCH',
      headers: { Authorization: `JWT ${editorToken}`, 'Content-Type': 'application/json' },
      body: fields,
    })
    expect(asJson.status).toBe(200)
    const form = new FormData()
    form.set('_payload', fields)
    const asForm = await fetch(`${service.url}/cms-api/articles/${id as number}`, { method: 'PATCH', headers: { Authorization: `JWT ${editorToken}` }, body: form })
    expect(asForm.status).toBe(200)
    expect((await service.payload.findByID({ collection: 'articles', id, depth: 0 })).content).toBe(content)
  })

  it('a multipart `_payload` of more than 1,000 fields is refused before Payload parses it', async () => {
    const { id } = await createProject(service.payload, { title: 'Form' })
    const form = new FormData()
    form.set('_payload', JSON.stringify({ title: 'Many', ...keys(1001) }))
    const res = await fetch(`${service.url}/cms-api/projects/${id as number}`, { method: 'PATCH', headers: { Authorization: `JWT ${editorToken}` }, body: form })
    expect([res.status, await res.json()]).toEqual([400, { errors: [{ message: 'Request body holds more than 1000 values at its top level' }] }])
    expect((await service.payload.findByID({ collection: 'projects', id, depth: 0 })).title).toBe('Form')
  })
})
