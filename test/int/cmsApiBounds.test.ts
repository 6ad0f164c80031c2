import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'

import type { Where } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

let service: BootedService
const tokens = { admin: '', editor: '', user: '' }
let adminId = 0

/** More published articles than an anonymous page may hold. */
const ARTICLES = 110

beforeAll(async () => {
  service = await bootService()
  const { payload } = service
  adminId = Number((await createAccount(payload, 'admin', 'owner@example.com')).id)
  await createAccount(payload, 'editor', 'editor@example.com')
  await createAccount(payload, 'user', 'member@example.com')
  for (const role of ['admin', 'editor', 'user'] as const) {
    tokens[role] = await loginToken(service, role === 'admin' ? 'owner@example.com' : role === 'editor' ? 'editor@example.com' : 'member@example.com')
  }
  const category = await createCategory(payload, 'Notes')
  for (let index = 0; index < ARTICLES; index++) {
    await createArticle(payload, { title: `Article ${index}`, category, author: adminId })
  }
}, 120_000)

afterAll(async () => {
  await service?.stop()
})

const as = (role: keyof typeof tokens) => ({ Authorization: `JWT ${tokens[role]}` })

const get = (path: string, headers: Record<string, string> = {}) => service.request().get(path).set(headers)

const graphql = (query: string, headers: Record<string, string> = {}) => service.request().post('/cms-api/graphql').set(headers).send({ query })

const stillAnswers = async () => expect((await get('/api/health')).status).toBe(200)

const PAGE_REFUSED = 'A page may hold at most 100 documents: ask for a limit from 1 to 100, and page through the rest.'

describe('page sizes on /cms-api REST', () => {
  it.each([
    '/cms-api/articles?limit=0',
    '/cms-api/articles?pagination=false',
    '/cms-api/articles?limit=101',
    '/cms-api/articles?limit=100000',
    '/cms-api/categories?pagination=false&limit=500',
    '/cms-api/articles/versions?limit=0',
    '/cms-api/payload-jobs?limit=0',
    '/cms-api/payload-jobs?pagination=false',
  ])('anonymous %s: 400 naming the limit, and the process still answers', async (path) => {
    const res = await get(path)
    expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { errors: [{ message: PAGE_REFUSED }] } })
    await stillAnswers()
  })

  it('a member is held to the same page', async () => {
    for (const path of ['/cms-api/articles?limit=0', '/cms-api/articles?limit=101', '/cms-api/categories?pagination=false']) {
      const res = await get(path, as('user'))
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { errors: [{ message: PAGE_REFUSED }] } })
    }
  })

  it.each(['limit=abc', 'limit=-1', 'limit=', 'limit=%20', 'limit=1.5', 'page=abc', 'page=0', 'depth=abc', 'depth=-1'])(
    '%s is a 400 for anyone (SQLite reads LIMIT -1 or a text as no limit)',
    async (query) => {
      for (const headers of [{}, as('admin')]) {
        const res = await get(`/cms-api/articles?${query}`, headers)
        expect({ query, status: res.status, docs: res.body.docs }).toEqual({ query, status: 400, docs: undefined })
        expect(res.body.errors[0].message).toMatch(/must be a whole number of at least [01]\./)
      }
    },
  )

  it('pagination=false with a limit within bounds reads at most that many', async () => {
    const res = await get('/cms-api/articles?pagination=false&limit=5&depth=0')
    expect([res.status, res.body.docs.length]).toEqual([200, 5])
  })

  it('anonymous limit=100 is answered with 100 documents; no limit gives Payload default page', async () => {
    const full = await get('/cms-api/articles?limit=100&depth=0')
    expect([full.status, full.body.docs.length, full.body.totalDocs]).toEqual([200, 100, ARTICLES])
    const plain = await get('/cms-api/articles?depth=0')
    expect([plain.status, plain.body.docs.length]).toEqual([200, 10])
  })

  it.each(['editor', 'admin'] as const)('%s: larger pages, limit=0 and pagination=false are cut to 1,000', async (role) => {
    for (const path of ['/cms-api/articles?limit=5000&depth=0', '/cms-api/articles?limit=0&depth=0', '/cms-api/articles?pagination=false&depth=0']) {
      const res = await get(path, as(role))
      expect({ path, status: res.status, limit: res.body.limit, docs: res.body.docs.length }).toEqual({ path, status: 200, limit: 1000, docs: ARTICLES })
    }
    const versions = await get('/cms-api/articles/versions?limit=0&depth=0', as(role))
    expect([versions.status, versions.body.limit]).toEqual([200, 1000])
  })

  it('depth is cut to 3, in lists and by id', async () => {
    const article = (await get('/cms-api/articles?limit=1&depth=0')).body.docs[0]
    // Articles -> category; a category's own relationships go no deeper either way: what shows the cut is that
    // depth=10 is answered like depth=3 rather than read 10 levels down.
    const deep = await get(`/cms-api/articles/${article.id}?depth=10`, as('admin'))
    const three = await get(`/cms-api/articles/${article.id}?depth=3`, as('admin'))
    expect(deep.status).toBe(200)
    expect(deep.body).toEqual(three.body)
    const list = await get('/cms-api/articles?limit=2&depth=10', as('admin'))
    expect(list.body.docs).toEqual((await get('/cms-api/articles?limit=2&depth=3', as('admin'))).body.docs)
  })

  it('the /api routes still read everything they need (the Local API is not bounded)', async () => {
    for (const path of ['/api/articles?limit=50', '/api/feeds/rss.xml', '/api/sitemap.xml']) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 })
    }
    const sitemap = await get('/api/sitemap.xml')
    expect(sitemap.text.match(/<loc>[^<]*\/articles\//g)?.length).toBe(ARTICLES)
  })
})

describe("the admin list view's page size", () => {
  // What the list view does with `?limit=` (@payloadcms/next's List view, through @payloadcms/ui's upsertPreferences,
  // which cannot be imported here: it brings stylesheets): merge it into the user's list settings, write them with
  // the user's rights, and read the list with the page size the write gives back.
  const openList = async (limit: number | undefined, email = 'editor@example.com'): Promise<unknown> => {
    const { payload } = service
    const user = { ...(await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1 })).docs[0]!, collection: 'users' as const }
    const key = 'collection-articles'
    const where: Where = { and: [{ key: { equals: key } }, { 'user.value': { equals: user.id } }] }
    const [existing] = (await payload.find({ collection: 'payload-preferences', depth: 0, limit: 1, where })).docs
    const value = { ...((existing?.value as object | undefined) ?? {}), ...(limit === undefined ? {} : { limit }) }
    const data = { key, user: { relationTo: 'users' as const, value: user.id }, value }
    const written = existing
      ? await payload.update({ collection: 'payload-preferences', id: existing.id, data, depth: 0, user, overrideAccess: false })
      : await payload.create({ collection: 'payload-preferences', data, depth: 0, user, overrideAccess: false })
    return (written.value as { limit?: unknown }).limit
  }

  it('a size the list offers is kept; a larger one is cut to the largest it offers, 100', async () => {
    expect(await openList(25)).toBe(25)
    expect(await openList(1000)).toBe(100)
    expect(await openList(100_000)).toBe(100)
    expect(await openList(undefined)).toBe(100)
  })

  it('one that is no page size (SQLite reads -1 as no limit) is dropped: the list reads its default page', async () => {
    expect(await openList(-1)).toBeUndefined()
    expect(await openList(2.5)).toBeUndefined()
  })

  it('written through /cms-api, or stored by an older version, it is read within bounds too, as the list view reads it', async () => {
    const written = await service.request().post('/cms-api/payload-preferences').set(as('admin')).send({ key: 'collection-articles', value: { limit: '5000' } })
    expect(written.status).toBe(201)
    expect(written.body.doc.value).toEqual({})
    const { payload } = service
    await payload.db.updateOne({ collection: 'payload-preferences', id: written.body.doc.id, data: { value: { limit: 100_000, sort: '-title' } } })
    const read = await payload.findByID({ collection: 'payload-preferences', id: written.body.doc.id, depth: 0 })
    expect(read.value).toEqual({ limit: 100, sort: '-title' })
    expect(await openList(undefined, 'owner@example.com')).toBe(100)
  })
})

describe("the admin UI's server functions", () => {
  // Payload's server functions run the Local API with the arguments their caller sent (`table-state` reads the page
  // size it is given), inside Next's server action, which Next records as its own servers do here: AsyncLocalStorage
  // on globalThis first, then its action storage.
  const inServerAction = async <T>(run: () => Promise<T>): Promise<T> => {
    Object.assign(globalThis, { AsyncLocalStorage })
    const { actionAsyncStorage } = createRequire(import.meta.url)('next/dist/server/app-render/action-async-storage.external') as {
      actionAsyncStorage: AsyncLocalStorage<{ isAction: boolean }>
    }
    return actionAsyncStorage.run({ isAction: true }, run)
  }
  const readArticles = async (limit: number) => {
    const { payload } = service
    const user = { ...(await payload.find({ collection: 'users', where: { email: { equals: 'editor@example.com' } }, limit: 1 })).docs[0]!, collection: 'users' as const }
    return payload.find({ collection: 'articles', limit, depth: 0, user, overrideAccess: false, select: { title: true } })
  }

  it('a page size that is none is refused, a larger one than staff get is cut to 1,000', async () => {
    await expect(inServerAction(() => readArticles(-1))).rejects.toThrow('limit must be a whole number of at least 0.')
    await expect(inServerAction(() => readArticles(2.5))).rejects.toThrow('limit must be a whole number of at least 0.')
    expect((await inServerAction(() => readArticles(5000))).limit).toBe(1000)
    expect((await inServerAction(() => readArticles(25))).docs).toHaveLength(25)
  })

  it('the Local API outside a server action stays unbounded', async () => {
    expect((await readArticles(5000)).limit).toBe(5000)
  })
})

describe('page sizes in GraphQL', () => {
  it('a negative limit is refused, not read as no limit', async () => {
    const res = await graphql('{ Articles(limit: -1) { docs { id } } }')
    expect(res.body.data?.Articles ?? null).toBeNull()
    expect(res.body.errors).toMatchObject([{ message: 'limit must be a whole number of at least 0.', extensions: { statusCode: 400 } }])
  })

  it.each(['{ Articles(limit: 0) { docs { id title content } } }', '{ Articles(pagination: false) { docs { id } } }', '{ Articles(limit: 101) { docs { id } } }'])(
    'anonymous %s: an error naming the limit, no documents',
    async (query) => {
      const res = await graphql(query)
      expect(res.body.data?.Articles ?? null).toBeNull()
      expect(res.body.errors).toMatchObject([{ message: PAGE_REFUSED, extensions: { statusCode: 400 } }])
      await stillAnswers()
    },
  )

  it('staff get at most 1,000; anonymous limit 100 is answered', async () => {
    const staff = await graphql('{ Articles(limit: 0) { limit docs { id } } }', as('editor'))
    expect([staff.body.data.Articles.limit, staff.body.data.Articles.docs.length]).toEqual([1000, ARTICLES])
    const anonymous = await graphql('{ Articles(limit: 100) { docs { id } } }')
    expect(anonymous.body.data.Articles.docs).toHaveLength(100)
  })
})

describe('GraphQL operations are bounded before any resolver runs', () => {
  const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: Categories(limit: 1) { totalDocs }`).join(' ')} }`

  it('300 aliases: 400, and the process still answers', async () => {
    const res = await graphql(aliases(300))
    expect(res.status).toBe(400)
    expect(res.body.errors).toMatchObject([{ message: 'An operation may ask for at most 20 fields at its root, aliases included.' }])
    await stillAnswers()
  })

  it('a document of more than 4,000 tokens is refused before it is validated (5,800 unused variables held the loop 186 ms)', async () => {
    const TOKENS = { errors: [{ message: 'A GraphQL document may hold at most 4000 tokens.' }] }
    const variables = (count: number) => `query Q(${Array.from({ length: count }, (_, index) => `$v${index}:Int`).join(' ')}) { Articles { totalDocs } }`
    const many = await graphql(variables(5800))
    expect([many.status, many.body]).toEqual([400, TOKENS])
    const operations = await graphql(Array.from({ length: 1600 }, (_, index) => `query Q${index} { Articles { totalDocs } }`).join(' '))
    expect([operations.status, operations.body]).toEqual([400, TOKENS])
    const fewer = await graphql(variables(300))
    expect([fewer.status, fewer.body.errors[0].message]).toEqual([400, 'Variable "$v0" is never used in operation "Q".'])
    await stillAnswers()
  })

  it('21 root fields are refused, 20 answered; fragments and inline fragments count too', async () => {
    expect((await graphql(aliases(21))).status).toBe(400)
    const twenty = await graphql(aliases(20))
    expect([twenty.status, twenty.body.data.a19]).toEqual([200, { totalDocs: 1 }])
    const spread = `query { ...F ...F2 } fragment F on Query { ${Array.from({ length: 11 }, (_, index) => `f${index}: __typename`).join(' ')} } fragment F2 on Query { ... on Query { ${Array.from({ length: 10 }, (_, index) => `g${index}: __typename`).join(' ')} } }`
    expect((await graphql(spread)).status).toBe(400)
  })

  it('root fields hold at most 100 documents together for anonymous callers, 1,000 for staff', async () => {
    const pages = (limit: number, count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: Articles(limit: ${limit}) { docs { id } }`).join(' ')} }`
    const refused = await graphql(pages(100, 20))
    expect([refused.status, refused.body.errors?.[0]?.message]).toEqual([
      400,
      'An operation may ask for at most 100 documents in all: ask for smaller pages, or page through them.',
    ])
    expect((await graphql(pages(50, 3))).status).toBe(400)
    expect((await graphql(pages(100, 1))).status).toBe(200)
    // Each root field after the first counts 4 documents more (its own query and count): 20 of 5 held the loop 90-158 ms.
    expect((await graphql(pages(5, 20))).status).toBe(400)
    const within = await graphql(pages(1, 20))
    expect([within.status, within.body.data.a19.docs.length]).toEqual([200, 1])
    expect((await graphql(pages(5, 10))).status).toBe(200)
    // A variable counts by its value, or by its default when the request gives none.
    const variable = 'query($n: Int = 60) { a: Articles(limit: $n) { docs { id } } b: Articles(limit: $n) { docs { id } } }'
    expect((await service.request().post('/cms-api/graphql').send({ query: variable })).status).toBe(400)
    expect((await service.request().post('/cms-api/graphql').send({ query: variable, variables: { n: 48 } })).status).toBe(200)
    expect((await graphql(pages(100, 10), as('editor'))).status).toBe(200)
    expect((await graphql(pages(100, 11), as('editor'))).status).toBe(400)
  })

  it('fields nested 7 deep are refused, 6 answered', async () => {
    const six = await graphql('{ __schema { types { fields { type { ofType { name } } } } } }')
    expect(six.status).toBe(200)
    const seven = await graphql('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }')
    expect([seven.status, seven.body]).toEqual([400, { errors: [expect.objectContaining({ message: 'Fields may nest at most 6 deep.' })] }])
  })

  it('anonymous callers have a lower complexity limit than staff', async () => {
    // 20 root fields, each reading 10 articles with their category (10 for the relationship): 20 * (1 + 1 + 1 + 11) = 280.
    const query = `{ ${Array.from({ length: 20 }, (_, index) => `a${index}: Articles(limit: 1) { docs { id category { id } } }`).join(' ')} }`
    const anonymous = await graphql(query)
    expect([anonymous.status, anonymous.body.errors?.[0]?.message]).toEqual([400, "The query's complexity is over the limit of 250: ask for fewer fields or relationships."])
    const staff = await graphql(query, as('editor'))
    expect(staff.status).toBe(200)
    expect(staff.body.data.a0.docs).toHaveLength(1)
  })

  it('a refused GraphQL read is logged in one line at info, without a stack', async () => {
    const logged: unknown[] = []
    const levels = ['error', 'warn', 'info'] as const
    const spies = levels.map((level) => vi.spyOn(service.payload.logger, level).mockImplementation(((entry: unknown) => logged.push([level, entry])) as never))
    try {
      const res = await graphql(`{ ${Array.from({ length: 5 }, (_, index) => `u${index}: Users { docs { email } }`).join(' ')} }`)
      expect(res.body.errors).toHaveLength(5)
      const text = JSON.stringify(logged)
      expect(logged).toHaveLength(5)
      expect(logged.every((entry) => (entry as [string])[0] === 'info')).toBe(true)
      expect(text).not.toMatch(/\bat .*\.(js|ts):\d+/)
      expect(text).not.toMatch(/stack/i)
    } finally {
      spies.forEach((spy) => spy.mockRestore())
    }
  })
})

describe('filters and sorts only on what the caller may read', () => {
  const REFUSED = (path: string) => ({ errors: [{ message: `The following path cannot be queried: ${path}` }] })

  it('the session oracle: anonymous answers are the same 400 whatever the date', async () => {
    const later = await get('/cms-api/articles?where[author.sessions.expiresAt][greater_than]=2099-01-01')
    const earlier = await get('/cms-api/articles?where[author.sessions.expiresAt][greater_than]=2000-01-01')
    expect([later.status, later.body]).toEqual([400, REFUSED('author.sessions.expiresAt')])
    expect([earlier.status, earlier.body]).toEqual([later.status, later.body])
  })

  it.each([
    ['where[author.sessions.id][equals]=x', 'author.sessions.id'],
    ['where[author.hash][exists]=true', 'author.hash'],
    ['where[author.salt][like]=a', 'author.salt'],
    ['where[author.resetPasswordToken][exists]=true', 'author.resetPasswordToken'],
    ['where[author.email][like]=owner', 'author.email'],
    ['where[or][0][title][equals]=x&where[or][1][and][0][author.email][like]=owner', 'author.email'],
    ['sort=author.hash', 'author.hash'],
    ['sort=-author.salt', 'author.salt'],
    ['sort=title,author.resetPasswordToken', 'author.resetPasswordToken'],
    ['where[version.author.hash][exists]=true', 'version.author.hash'],
  ])('anonymous /cms-api/articles?%s: 400', async (query, path) => {
    const collection = path.startsWith('version.') ? 'articles/versions' : 'articles'
    const res = await get(`/cms-api/${collection}?${query}`, path.startsWith('version.') ? as('user') : {})
    expect([res.status, res.body]).toEqual([400, REFUSED(path)])
  })

  it('a member is held to the public profile too; the author id stays queryable', async () => {
    const member = await get('/cms-api/articles?where[author.email][like]=owner', as('user'))
    expect([member.status, member.body]).toEqual([400, REFUSED('author.email')])
    // Payload itself refuses the rest of an account to anyone who cannot read accounts (the name included).
    const byAuthor = await get(`/cms-api/articles?where[author.id][equals]=${adminId}&limit=1&depth=0`)
    expect([byAuthor.status, byAuthor.body.totalDocs]).toEqual([200, ARTICLES])
    const sorted = await get('/cms-api/articles?sort=-author&limit=1&depth=0', as('user'))
    expect(sorted.status).toBe(200)
  })

  it('direct queries on /cms-api/users, and GraphQL sorts and counts', async () => {
    expect((await get('/cms-api/users?where[hash][exists]=true')).status).toBe(400)
    expect((await get('/cms-api/users?where[sessions.expiresAt][greater_than]=2000-01-01', as('user'))).status).toBe(400)
    expect((await get('/cms-api/articles/count?where[author.sessions.expiresAt][greater_than]=2000-01-01')).status).toBe(400)
    const sorted = await graphql('{ Articles(sort: "author.hash") { docs { id } } }')
    expect(sorted.body.errors).toMatchObject([{ message: 'The following path cannot be queried: author.hash', extensions: { statusCode: 400 } }])
    expect(sorted.body.data?.Articles ?? null).toBeNull()
  })

  it('staff may not query the secrets either; an admin may query emails, an editor only as Payload allows', async () => {
    for (const role of ['admin', 'editor'] as const) {
      for (const query of ['sort=author.hash', 'where[author.sessions.expiresAt][greater_than]=2000-01-01']) {
        expect({ role, query, status: (await get(`/cms-api/articles?${query}`, as(role))).status }).toEqual({ role, query, status: 400 })
      }
    }
    const admin = await get('/cms-api/articles?where[author.email][equals]=owner@example.com&limit=1&depth=0', as('admin'))
    expect([admin.status, admin.body.totalDocs]).toEqual([200, ARTICLES])
  })

  it("an account's sessions are read by their owner only", async () => {
    const admin = await get(`/cms-api/users/${adminId}`, as('admin'))
    expect(admin.body.sessions?.length).toBeGreaterThan(0)
    const member = await get('/cms-api/users/me', as('user'))
    expect(member.body.user.sessions?.length).toBeGreaterThan(0)
  })
})

describe('query shapes: how much one query may make the database read', () => {
  const LONG_TEXT = (path: string) => ({ errors: [{ message: `Only staff may filter or sort by long text: ${path}` }] })
  const conditions = (count: number, path = 'title') =>
    Array.from({ length: count }, (_, index) => `where[or][${index}][${path}][like]=nothing${index}`).join('&')

  it.each([
    ['where[content][like]=word', 'content'],
    ['where[excerpt][equals]=x', 'excerpt'],
    ['sort=-excerpt', 'excerpt'],
    ['where[category.description][like]=x', 'category.description'],
    ['where[or][0][title][equals]=x&where[or][1][content][exists]=true', 'content'],
  ])('anonymous /cms-api/articles?%s: 400; a member too; staff are answered', async (query, path) => {
    const anonymous = await get(`/cms-api/articles?${query}&limit=1&depth=0`)
    expect([anonymous.status, anonymous.body]).toEqual([400, LONG_TEXT(path)])
    const member = await get(`/cms-api/articles?${query}&limit=1&depth=0`, as('user'))
    expect([member.status, member.body]).toEqual([400, LONG_TEXT(path)])
    expect((await get(`/cms-api/articles?${query}&limit=1&depth=0`, as('editor'))).status).toBe(200)
  })

  it('GraphQL is held to the same', async () => {
    const res = await graphql('{ Articles(where: { content: { like: "word" } }) { docs { id } } }')
    expect(res.body.errors).toMatchObject([{ message: 'Only staff may filter or sort by long text: content', extensions: { statusCode: 400 } }])
    expect(res.body.data?.Articles ?? null).toBeNull()
    const byTitle = await graphql('{ Articles(where: { title: { like: "Article 1" } }, limit: 1) { totalDocs } }')
    expect(byTitle.body).toEqual({ data: { Articles: { totalDocs: expect.any(Number) } } })
  })

  it('one query of a request may read every document (text or an unindexed field); the others are refused, staff excepted', async () => {
    const SECOND_SCAN = 'Only one query of a request may filter by a field without an index or by text (title contains): send the others on their own.'
    const byTitle = (count: number) =>
      `{ ${Array.from({ length: count }, (_, index) => `a${index}: Articles(where: { title: { contains: "Article ${index + 1}" } }, limit: 1) { totalDocs }`).join(' ')} }`
    const one = await graphql(byTitle(1))
    expect([one.status, one.body]).toEqual([200, { data: { a0: { totalDocs: 21 } } }])
    const three = await graphql(byTitle(3))
    expect(three.body.data.a0).toEqual({ totalDocs: 21 })
    expect([three.body.data.a1, three.body.data.a2]).toEqual([null, null])
    expect(three.body.errors).toMatchObject([
      { message: SECOND_SCAN, extensions: { statusCode: 400 } },
      { message: SECOND_SCAN, extensions: { statusCode: 400 } },
    ])
    const member = await graphql(byTitle(2), as('user'))
    expect(member.body.errors).toMatchObject([{ message: SECOND_SCAN }])
    const staff = await graphql(byTitle(3), as('editor'))
    expect([staff.body.errors, staff.body.data.a2]).toEqual([undefined, { totalDocs: 11 }])
    const bySlug = `{ ${Array.from({ length: 10 }, (_, index) => `a${index}: Articles(where: { slug: { equals: "article-${index}" } }, limit: 1) { totalDocs }`).join(' ')} }`
    const indexed = await graphql(bySlug)
    expect([indexed.body.errors, indexed.body.data.a9]).toEqual([undefined, { totalDocs: 1 }])
    const unindexedEquals = await graphql('{ a: Articles(where: { title: { equals: "Article 1" } }, limit: 1) { totalDocs } b: Articles(where: { slug: { not_equals: "x" } }, limit: 1) { totalDocs } }')
    expect(unindexedEquals.body.errors).toMatchObject([{ message: SECOND_SCAN.replace('title contains', 'slug not_equals') }])
    for (let round = 0; round < 3; round++) {
      expect((await get('/cms-api/articles?where[title][contains]=Article&limit=1&depth=0')).status).toBe(200)
    }
  })

  it.each([
    ['where[or]=abc', 'where[or] must be a list of conditions'],
    [`where[or]=${'x'.repeat(15_000)}`, 'where[or] must be a list of conditions'],
    ['where[and][0]=x', 'where[and][0] must hold conditions'],
    ['where[or][0][and][0]=x', 'where[or][0][and][0] must hold conditions'],
    ['where[title]=x', 'where[title] must hold operators, such as where[title][equals]'],
  ])('a malformed where, %#, is a 400 naming the part, for staff too, where Payload listed one path per character', async (query, part) => {
    for (const role of [undefined, 'admin'] as const) {
      const res = await get(`/cms-api/articles?${query}&limit=1&depth=0`, role ? as(role) : {})
      expect([res.status, res.body]).toEqual([400, { errors: [{ message: `A query's ${part}.` }] }])
    }
  })

  it('sorts by an indexed field or the default sort only, for anyone but staff', async () => {
    for (const sort of ['-createdAt', 'slug', '-category', 'id', 'updatedAt,-id']) {
      expect([sort, (await get(`/cms-api/articles?sort=${sort}&limit=1&depth=0`)).status]).toEqual([sort, 200])
    }
    expect((await get('/cms-api/skills?sort=order&limit=1&depth=0')).status).toBe(200)
    const byTitle = await get('/cms-api/articles?sort=title&limit=1&depth=0', as('user'))
    expect([byTitle.status, byTitle.body]).toEqual([400, { errors: [{ message: 'Only staff may sort by a field without an index: title' }] }])
    expect((await get('/cms-api/articles?sort=-createdAt,category.name&limit=1&depth=0')).status).toBe(400)
    expect((await get('/cms-api/articles?sort=title&limit=1&depth=0', as('editor'))).status).toBe(200)
  })

  it('20 conditions are answered, 21 refused; staff get 50', async () => {
    expect((await get(`/cms-api/articles?${conditions(20)}&limit=1&depth=0`)).status).toBe(200)
    const refused = await get(`/cms-api/articles?${conditions(21)}&limit=1&depth=0`)
    expect([refused.status, refused.body]).toEqual([400, { errors: [{ message: 'A query may hold at most 20 conditions.' }] }])
    expect((await get(`/cms-api/articles?${conditions(50)}&limit=1&depth=0`, as('editor'))).status).toBe(200)
    const staffRefused = await get(`/cms-api/articles?${conditions(51)}&limit=1&depth=0`, as('editor'))
    expect([staffRefused.status, staffRefused.body]).toEqual([400, { errors: [{ message: 'A query may hold at most 50 conditions.' }] }])
  })

  it('lists hold at most 1,000 values together, however they are written; staff too', async () => {
    const slugs = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`)
    expect((await get(`/cms-api/articles?where[slug][in]=${slugs(1000).join(',')}&limit=1&depth=0`)).status).toBe(200)
    const LISTED = { errors: [{ message: 'A query may list at most 1000 values.' }] }
    const split = await get(`/cms-api/articles?where[slug][in]=${slugs(600).join(',')}&where[title][not_in]=${slugs(401).join(',')}&limit=1&depth=0`)
    expect([split.status, split.body]).toEqual([400, LISTED])
    const query = 'query ($slugs: [String]) { Articles(where: { slug: { in: $slugs } }, limit: 1) { totalDocs } }'
    const staff = await service.request().post('/cms-api/graphql').set(as('editor')).send({ query, variables: { slugs: slugs(40_000) } })
    expect(staff.body.errors).toMatchObject([{ message: 'A query may list at most 1000 values.', extensions: { statusCode: 400 } }])
    await stillAnswers()
  })

  it('and/or in capitals (as GraphQL writes them) are held to the same bounds', async () => {
    const capitals = (count: number, path = 'title') =>
      Array.from({ length: count }, (_, index) => `where[AND][${index}][${path}][like]=nothing${index}`).join('&')
    expect((await get(`/cms-api/articles?${capitals(20)}&limit=1&depth=0`)).status).toBe(200)
    const refused = await get(`/cms-api/articles?${capitals(21)}&limit=1&depth=0`)
    expect([refused.status, refused.body]).toEqual([400, { errors: [{ message: 'A query may hold at most 20 conditions.' }] }])
    const longText = await get('/cms-api/articles?where[Or][0][content][like]=word&limit=1&depth=0')
    expect([longText.status, longText.body]).toEqual([400, LONG_TEXT('content')])
    const parts = Array.from({ length: 21 }, (_, index) => `{ title: { like: "nothing${index}" } }`).join(', ')
    const graphqlRefused = await graphql(`{ Articles(where: { OR: [${parts}] }, limit: 1) { totalDocs } }`)
    expect(graphqlRefused.body.errors).toMatchObject([{ message: 'A query may hold at most 20 conditions.', extensions: { statusCode: 400 } }])
    const graphqlLongText = await graphql('{ Articles(where: { AND: [{ content: { like: "word" } }] }) { totalDocs } }')
    expect(graphqlLongText.body.errors).toMatchObject([{ message: 'Only staff may filter or sort by long text: content', extensions: { statusCode: 400 } }])
  })

  it('a text value holds at most 1,000 characters (staff 10,000), where SQLite refused a LIKE pattern of 50,000 with a 500', async () => {
    const like = (length: number) => `/cms-api/articles?where[title][like]=${'a'.repeat(length)}&limit=1&depth=0`
    expect((await get(like(1000))).status).toBe(200)
    const refused = await get(like(1001))
    expect([refused.status, refused.body]).toEqual([400, { errors: [{ message: 'A value in a query may hold at most 1000 characters.' }] }])
    expect((await get(like(10_000), as('editor'))).status).toBe(200)
    const staffRefused = await service
      .request()
      .post('/cms-api/articles')
      .set({ ...as('editor'), 'Content-Type': 'application/x-www-form-urlencoded', 'X-Payload-HTTP-Method-Override': 'GET' })
      .send(`where[title][like]=${'a'.repeat(50_001)}&limit=1&depth=0`)
    expect([staffRefused.status, staffRefused.body]).toEqual([400, { errors: [{ message: 'A value in a query may hold at most 10000 characters.' }] }])
    await stillAnswers()
  })

  it.each(['contains', 'like', 'not_like'])('a date compared as text (%s) is a 400, where Payload wrote SQL the database refused', async (operator) => {
    for (const path of ['createdAt', 'publishedAt']) {
      const res = await get(`/cms-api/articles?where[${path}][${operator}]=abc&limit=1&depth=0`)
      expect([path, res.status, res.body]).toEqual([path, 400, { errors: [{ message: `A date cannot be compared as text: ${path} ${operator}` }] }])
    }
    const staff = await get(`/cms-api/skills?where[or][0][updatedAt][${operator}]=2026&limit=1`, as('admin'))
    expect([staff.status, staff.body]).toEqual([400, { errors: [{ message: `A date cannot be compared as text: updatedAt ${operator}` }] }])
    expect((await get('/cms-api/articles?where[createdAt][greater_than]=2020-01-01&limit=1&depth=0')).status).toBe(200)
  })

  it('a hundred conditions through a relationship are a 400, not the 500 of a join of more than 64 tables', async () => {
    const res = await get(`/cms-api/articles?${conditions(100, 'category.name')}&limit=1&depth=0`, as('admin'))
    expect([res.status, res.body]).toEqual([400, { errors: [{ message: 'A query may hold at most 50 conditions.' }] }])
    await stillAnswers()
  })
})

describe("the admin UI's own state (document locks, preferences) is staff's", () => {
  const post = (path: string, body: object, headers: Record<string, string> = {}) => service.request().post(path).set(headers).send(body)
  const FORBIDDEN = { errors: [{ message: 'You are not allowed to perform this action.' }] }

  it('a member can neither lock a document (editors got 423 on every save) nor read the locks; staff can', async () => {
    const { docs } = await service.payload.find({ collection: 'articles', limit: 1, depth: 0 })
    const article = docs[0]!.id
    const member = (await service.payload.find({ collection: 'users', where: { email: { equals: 'member@example.com' } }, depth: 0 })).docs[0]!
    const lock = { document: { relationTo: 'articles', value: article }, user: { relationTo: 'users', value: member.id } }
    const refused = await post('/cms-api/payload-locked-documents', lock, as('user'))
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])
    expect((await post('/cms-api/payload-locked-documents', { globalSlug: 'site', user: lock.user }, as('user'))).status).toBe(403)
    expect((await get('/cms-api/payload-locked-documents', as('user'))).status).toBe(403)
    expect((await service.request().patch(`/cms-api/articles/${article}`).set(as('editor')).send({ title: 'Still editable' })).status).toBe(200)
  })

  it("staff take over or clear the locks of what they may edit, and their own; only the admin UI writes new ones", async () => {
    const editor = (await service.payload.find({ collection: 'users', where: { email: { equals: 'editor@example.com' } }, depth: 0 })).docs[0]!
    const { docs } = await service.payload.find({ collection: 'articles', limit: 1, depth: 0 })
    const byAdmin = { relationTo: 'users', value: adminId } as const
    // As the admin UI writes them, through the database adapter.
    const uiLock = (document: Record<string, unknown>) =>
      service.payload.db.create({ collection: 'payload-locked-documents', data: { ...document, user: byAdmin } }) as Promise<{ id: number }>
    const onArticle = await uiLock({ document: { relationTo: 'articles', value: docs[0]!.id } })
    const onAccount = await uiLock({ document: { relationTo: 'users', value: adminId } })
    // An editor once put a lock in anyone's name on the admin's own account: the admin got 423 on saving it.
    const forged = await post('/cms-api/payload-locked-documents', { document: { relationTo: 'users', value: adminId }, user: byAdmin }, as('editor'))
    expect([forged.status, forged.body]).toEqual([403, FORBIDDEN])
    expect((await get('/cms-api/payload-locked-documents', as('editor'))).body.totalDocs).toBe(2)
    const lockOf = (id: number) => service.payload.findByID({ collection: 'payload-locked-documents', id, depth: 0 })
    // Taking over the article's lock makes it the editor's, whatever the request says; what it locks stays.
    const takenOver = await service
      .request()
      .patch(`/cms-api/payload-locked-documents/${onArticle.id}`)
      .set(as('editor'))
      .send({ user: byAdmin, document: { relationTo: 'users', value: adminId } })
    expect(takenOver.status).toBe(200)
    expect(await lockOf(onArticle.id)).toMatchObject({ user: { relationTo: 'users', value: editor.id }, document: { relationTo: 'articles', value: docs[0]!.id } })
    // The admin's account is not the editor's to edit: its lock stays the admin's.
    expect((await service.request().patch(`/cms-api/payload-locked-documents/${onAccount.id}`).set(as('editor')).send({ user: byAdmin })).status).not.toBe(200)
    expect((await service.request().delete(`/cms-api/payload-locked-documents/${onAccount.id}`).set(as('editor'))).status).not.toBe(200)
    expect(await lockOf(onAccount.id)).toMatchObject({ user: byAdmin })
    expect((await service.request().delete(`/cms-api/payload-locked-documents/${onArticle.id}`).set(as('editor'))).status).toBe(200)
    expect((await service.request().delete(`/cms-api/payload-locked-documents/${onAccount.id}`).set(as('admin'))).status).toBe(200)
  })

  it('a member cannot store preferences (200 keys of 60 KB filled the disk); staff keep theirs', async () => {
    const value = { columns: 'x'.repeat(1000) }
    const refused = await post('/cms-api/payload-preferences/junk-1', { value }, as('user'))
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])
    expect((await post('/cms-api/payload-preferences/junk-1', { value })).status).toBe(401)
    expect((await post('/cms-api/payload-preferences', { key: 'junk-2', value, user: { relationTo: 'users', value: adminId } }, as('user'))).status).toBe(403)
    expect((await get('/cms-api/payload-preferences/junk-1', as('user'))).status).toBe(403)
    expect((await service.request().delete('/cms-api/payload-preferences/junk-1').set(as('user'))).status).toBe(403)
    expect(await service.payload.count({ collection: 'payload-preferences', where: { key: { like: 'junk' } } })).toEqual({ totalDocs: 0 })

    expect((await post('/cms-api/payload-preferences/kept', { value }, as('editor'))).status).toBe(200)
    expect((await get('/cms-api/payload-preferences/kept', as('editor'))).body).toMatchObject({ key: 'kept', value })
    expect((await service.request().delete('/cms-api/payload-preferences/kept').set(as('editor'))).status).toBe(200)
    const never = await service.request().delete('/cms-api/payload-preferences/never-set').set(as('editor'))
    expect([never.status, never.body]).toEqual([404, { errors: [{ message: 'Not Found' }] }])
  })
})

describe("a document's permissions are staff's: no one else can tell which ids exist", () => {
  it('REST: the same 403 for a record, a draft, an account and no record at all; staff get them', async () => {
    const { docs } = await service.payload.find({ collection: 'articles', limit: 1, depth: 0 })
    const NOT_STAFF = { errors: [{ message: 'You are not allowed to perform this action.' }] }
    for (const path of [`articles/access/${docs[0]!.id}`, 'articles/access/999999', `users/access/${adminId}`, 'users/access/999999']) {
      for (const headers of [{}, as('user')]) {
        const res = await service.request().post(`/cms-api/${path}`).set(headers)
        expect([path, res.status, res.body]).toEqual([path, 403, NOT_STAFF])
      }
    }
    const staff = await service.request().post(`/cms-api/articles/access/${docs[0]!.id}`).set(as('editor'))
    expect([staff.status, staff.body.update]).toEqual([200, true])
  })

  it('GraphQL: docAccess fields are refused before they run, for anyone but staff', async () => {
    const query = (id: number) => `{ docAccessArticle(id: ${id}) { update { permission } } }`
    for (const id of [1, 999999]) {
      const res = await graphql(query(id))
      expect([res.status, res.body]).toMatchObject([400, { errors: [{ message: "Only staff may ask for a document's permissions." }] }])
    }
    const { docs } = await service.payload.find({ collection: 'articles', limit: 1, depth: 0 })
    const staff = await graphql(query(docs[0]!.id), as('editor'))
    // Payload's own resolver then fails on `permission` (its sanitised permissions say `true`, not an object): not a refusal.
    expect(staff.body.data).toHaveProperty('docAccessArticle')
    expect(JSON.stringify(staff.body)).not.toContain('Only staff')
  })
})

describe("GraphQL's Access query", () => {
  it('is refused before it runs for anyone but staff, where an anonymous one was a 500 with a stack; REST /access answers', async () => {
    for (const headers of [{}, as('user')]) {
      const res = await graphql('{ Access { canAccessAdmin } }', headers)
      expect([res.status, res.body]).toEqual([400, { errors: [{ message: 'Only staff may ask for permissions in GraphQL: ask GET /cms-api/access.', locations: expect.any(Array) }] }])
    }
    const staff = await graphql('{ Access { canAccessAdmin } }', as('editor'))
    expect(staff.body).toEqual({ data: { Access: { canAccessAdmin: true } } })
    const rest = await get('/cms-api/access')
    expect([rest.status, rest.body.canAccessAdmin ?? false]).toEqual([200, false])
  })
})

describe('the queue is for admins only', () => {
  it.each([
    ['anonymous', {}, 401],
    ['a member', { role: 'user' }, 403],
    ['an editor', { role: 'editor' }, 403],
    ['an admin', { role: 'admin' }, 200],
  ] as const)('/cms-api/payload-jobs/run?allQueues=true as %s %j: %i', async (_who, { role }: { role?: keyof typeof tokens }, status) => {
    for (const path of ['/cms-api/payload-jobs/run?allQueues=true', '/cms-api/payload-jobs/handle-schedules']) {
      const res = await get(path, role ? as(role) : {})
      if (path.endsWith('handle-schedules') && status === 200) continue
      expect({ path, status: res.status }).toEqual({ path, status })
    }
  })

  it('the record of migrations has no REST door at all', async () => {
    // Payload answers a collection without endpoints with a 501; lib/cmsApi.ts makes it the 404 it is for a client.
    const res = await get('/cms-api/payload-migrations', as('admin'))
    expect([res.status, res.body]).toEqual([404, { errors: [{ message: 'Not Found' }] }])
  })

  it('the Local API still queues and runs jobs', async () => {
    await expect(service.payload.jobs.run({ allQueues: true, limit: 1 })).resolves.toBeDefined()
  })
})
