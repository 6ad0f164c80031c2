// The /api contract and Payload's REST served by examples/next-app (a create-payload-app app with the plugin
// installed as a package), over HTTP, as a host app would serve them. Run by `npm run test:example`, which builds the
// example first; not part of `npm test`.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'

import { API_ROUTES } from '../../endpoints/contracts'
import { contractViolation, isUndescribed } from '../helpers/contractCheck'
import { freePort } from '../helpers/freePort.mjs'
import { pollUntil } from '../helpers/poll'

const EXAMPLE_DIR = path.resolve(import.meta.dirname, '../../examples/next-app')
const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' }

let app: ChildProcess | undefined
let output = ''
let base = ''
let dataDir = ''

type Answer = { status: number; headers: Headers; text: string; json: () => unknown }

/** One request, its answer checked against the contract's description when it is under /api. */
const request = async (method: string, urlPath: string, init: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
  const headers: Record<string, string> = { ...init.headers }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  })
  const text = await res.text()
  const pathname = new URL(urlPath, base).pathname
  if (pathname.startsWith('/api/') && !isUndescribed(method, pathname)) {
    expect(contractViolation(method, pathname, res.status, res.headers.get('content-type') ?? undefined, text)).toBeUndefined()
    noteAnswered(method, pathname, res.status)
  }
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) }
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(EXAMPLE_DIR, '.next', 'BUILD_ID'))) throw new Error('examples/next-app is not built: run `npm run test:example`')
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'next-app-'))
  const port = (await freePort()) as number
  app = spawn('npm', ['start'], {
    cwd: EXAMPLE_DIR,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dataDir, 'app.db')}`,
      DATA_DIR: dataDir,
      PAYLOAD_SECRET: 'a-secret-only-for-this-test-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  app.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  app.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  base = `http://127.0.0.1:${port}`
  // The first request builds Payload (migrations, the first admin): health answers once that is done.
  await pollUntil(
    'the example app to answer /api/health',
    async () => {
      if (app?.exitCode !== null) throw new Error(`the example app exited:\n${output}`)
      const res = await fetch(`${base}/api/health`).catch(() => undefined)
      return res?.status === 200 ? true : undefined
    },
    { timeoutMs: 120_000, everyMs: 500 },
  )
}, 180_000)

afterAll(async () => {
  if (app?.pid && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve))
    process.kill(-app.pid, 'SIGTERM')
    await exited
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/**
 * The status of a login whose body is `sentBytes` of a JSON string, chunked, or declared as `declaredBytes` long (and
 * then not sent): node:http rather than fetch, which gives up on its answer when the app stops reading the body.
 */
const loginStatus = ({ declaredBytes, sentBytes }: { declaredBytes?: number; sentBytes: number }) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' }
    if (declaredBytes !== undefined) headers['Content-Length'] = declaredBytes
    const req = http.request({ hostname, port, path: '/cms-api/users/login', method: 'POST', headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', reject)
    if (declaredBytes !== undefined) return req.flushHeaders()
    req.write('{"email":"')
    req.end(Buffer.alloc(sentBytes, 97))
  })

/** Every described route of /api, as `method path`, that the tests below received a 2xx or 3xx answer from. */
const answered = new Set<string>()
const ROUTE_PATTERNS = API_ROUTES.map((route) => ({
  name: `${route.method} ${route.path}`,
  pattern: new RegExp(`^/api${route.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}))
const noteAnswered = (method: string, pathname: string, status: number) => {
  if (status >= 400) return
  const route = ROUTE_PATTERNS.find(({ name, pattern }) => name.startsWith(`${method.toLowerCase()} `) && pattern.test(pathname))
  if (route) answered.add(route.name)
}

describe('examples/next-app', () => {
  let token = ''
  const ids: Record<string, number> = {}
  const asAdmin = (method: string, urlPath: string, body?: unknown) => request(method, urlPath, { token, body })

  it('answers the public reads of /api on an empty site', async () => {
    const articles = await request('GET', '/api/articles')
    expect(articles.status).toBe(200)
    expect(articles.json()).toMatchObject({ data: [], pagination: { page: 1, limit: 4, total: 0, pages: 0 } })
    expect((await request('GET', '/api/home')).status).toBe(200)
    expect((await request('GET', '/api/health')).json()).toMatchObject({ data: { status: 'ok', db: 'sqlite' } })
    expect(await request('GET', '/api/no-such-route')).toMatchObject({ status: 404 })
  })

  it('serves the reference page and its viewer, shipped with the package', async () => {
    const page = await request('GET', '/api/docs')
    expect(page.status).toBe(200)
    expect(page.text).toContain('/api/docs/scalar.js')
    const viewer = await request('GET', '/api/docs/scalar.js')
    expect(viewer.status).toBe(200)
    expect(viewer.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(viewer.text.length).toBeGreaterThan(1_000_000)
    const description = await request('GET', '/api/openapi.json')
    expect(Object.keys((description.json() as { paths: object }).paths).length).toBeGreaterThan(20)
  })

  it('logs the first admin in and refuses /api/admin without a token', async () => {
    const login = await request('POST', '/api/auth/login', { body: ADMIN })
    expect(login.status).toBe(200)
    token = (login.json() as { data: { token: string } }).data.token
    expect((await asAdmin('GET', '/api/auth/me')).json()).toMatchObject({ data: { email: ADMIN.email } })
    expect((await request('POST', '/api/admin/articles', { body: { title: 'No token' } })).status).toBe(401)
    expect((await request('GET', '/api/admin/categories')).status).toBe(401)
  })

  it('creates, lists, updates and deletes each resource through /api/admin', async () => {
    const created = async (urlPath: string, body: unknown) => {
      const res = await asAdmin('POST', urlPath, body)
      expect({ status: res.status, urlPath, text: res.status === 201 ? '' : res.text }).toEqual({ status: 201, urlPath, text: '' })
      return (res.json() as { data: { id: number } }).data.id
    }
    ids.articleCategory = await created('/api/admin/categories', { name: 'News' })
    ids.projectCategory = await created('/api/admin/categories', { name: 'Tools', type: 'project' })
    ids.carousel = await created('/api/admin/carousels', { title: 'Welcome', imageUrl: '/hero.png', status: 'active' })
    ids.project = await created('/api/admin/projects', {
      title: 'Static site kit',
      description: 'A kit.',
      categoryId: ids.projectCategory,
      techStack: ['TypeScript', 'Next.js'],
      status: 'published',
    })
    ids.related = await created('/api/admin/projects', {
      title: 'Feed reader',
      description: 'Reads feeds.',
      categoryId: ids.projectCategory,
      techStack: ['TypeScript'],
      status: 'published',
    })
    ids.resource = await created('/api/admin/resources', { title: 'Slides', fileUrl: 'https://cdn.example.com/slides.pdf', status: 'active' })
    ids.article = await created('/api/admin/articles', {
      title: 'Hello from Next',
      content: '# Hello\n\nServed by a route handler.',
      categoryId: ids.articleCategory,
      status: 'published',
    })
    const draft = await created('/api/admin/articles', { title: 'Not yet', content: 'Draft.', categoryId: ids.articleCategory })

    for (const name of ['categories', 'carousels', 'projects', 'articles', 'resources']) {
      const list = await asAdmin('GET', `/api/admin/${name}`)
      expect(list.status).toBe(200)
    }
    const adminArticles = (await asAdmin('GET', '/api/admin/articles?status=draft')).json() as { data: { id: number }[] }
    expect(adminArticles.data.map((article) => article.id)).toEqual([draft])

    const renamed = await asAdmin('PUT', `/api/admin/categories/${ids.articleCategory}`, { description: 'What is new' })
    expect(renamed.json()).toMatchObject({ data: { name: 'News', description: 'What is new' } })
    expect((await asAdmin('PUT', `/api/admin/carousels/${ids.carousel}`, { order: 2 })).status).toBe(200)
    expect((await asAdmin('PUT', `/api/admin/projects/${ids.related}`, { featured: true })).status).toBe(200)
    expect((await asAdmin('PUT', `/api/admin/resources/${ids.resource}`, { description: 'The talk' })).status).toBe(200)
    expect((await asAdmin('PUT', `/api/admin/articles/${draft}`, { title: 'Never' })).status).toBe(200)
    expect((await asAdmin('DELETE', `/api/admin/articles/${draft}`)).status).toBe(200)
    expect((await request('GET', `/api/articles/${draft}`)).status).toBe(404)

    const spare = {
      categories: await created('/api/admin/categories', { name: 'Spare' }),
      carousels: await created('/api/admin/carousels', { title: 'Spare', imageUrl: '/spare.png' }),
      projects: await created('/api/admin/projects', { title: 'Spare', description: 'd' }),
      resources: await created('/api/admin/resources', { title: 'Spare', fileUrl: '/spare.zip' }),
    }
    for (const [name, id] of Object.entries(spare)) {
      expect((await asAdmin('DELETE', `/api/admin/${name}/${id}`)).status).toBe(200)
    }
    expect((await asAdmin('GET', '/api/admin/stats/views?days=7')).status).toBe(200)
  })

  it('answers every public read of the contract from what was written', async () => {
    const articles = (await request('GET', '/api/articles')).json() as { data: { title: string; slug: string }[] }
    expect(articles.data.map((article) => article.title)).toEqual(['Hello from Next'])
    const detail = await request('GET', `/api/articles/${articles.data[0]!.slug}`)
    expect(detail.json()).toMatchObject({ data: { title: 'Hello from Next', categoryName: 'News', viewCount: 1 } })
    const visitor = { 'X-Visitor-Id': 'visitor-0001' }
    expect((await request('POST', `/api/articles/${ids.article}/like`, { headers: visitor })).json()).toMatchObject({ data: { liked: true } })
    expect((await request('DELETE', `/api/articles/${ids.article}/like`, { headers: visitor })).status).toBe(200)

    const projects = (await request('GET', `/api/projects?category=${ids.projectCategory}`)).json() as { total: number }
    expect(projects.total).toBe(2)
    expect((await request('GET', `/api/projects/${ids.project}`)).json()).toMatchObject({ data: { title: 'Static site kit' } })
    const related = (await request('GET', `/api/projects/${ids.project}/related`)).json() as { data: { id: number }[] }
    expect(related.data.map((project) => project.id)).toEqual([ids.related])

    expect(((await request('GET', '/api/resources')).json() as { total: number }).total).toBe(1)
    const download = await request('GET', `/api/resources/${ids.resource}/download`)
    expect(download.status).toBe(302)
    expect(download.headers.get('location')).toBe('https://cdn.example.com/slides.pdf')

    const posted = await request('POST', '/api/wall-messages', { body: { nickname: 'Visitor', content: 'Nice site!' } })
    expect(posted.status).toBe(201)
    expect(((await request('GET', '/api/wall-messages')).json() as { total: number }).total).toBe(1)

    expect((await request('GET', '/api/galleries')).json()).toMatchObject({ data: [] })
    const home = (await request('GET', '/api/home')).json() as { data: { carousels: { title: string }[] } }
    expect(home.data.carousels.map((carousel) => carousel.title)).toEqual(['Welcome'])
    expect((await request('GET', '/api/skills')).status).toBe(200)

    for (const feed of ['rss.xml', 'atom.xml', 'feed.json']) {
      const answer = await request('GET', `/api/feeds/${feed}`)
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('Hello from Next')
    }
    const sitemap = await request('GET', '/api/sitemap.xml')
    expect(sitemap.text).toContain(articles.data[0]!.slug)

    // Searching runs the plugin's search thread from its built file.
    const titles = await pollUntil('the article to be found by search', async () => {
      const found = (await request('GET', '/api/search?q=route%20handler')).json() as { data: { title: string }[] }
      return found.data.length > 0 ? found.data.map((hit) => hit.title) : undefined
    })
    expect(titles).toEqual(['Hello from Next'])
  })

  it('serves a gallery made in Payload\'s REST at /cms-api, with its uploaded image', async () => {
    const form = new FormData()
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png')
    form.append('_payload', JSON.stringify({ alt: 'A dot' }))
    const upload = await fetch(`${base}/cms-api/media`, { method: 'POST', headers: { Authorization: `JWT ${token}` }, body: form })
    expect(upload.status).toBe(201)
    const mediaId = ((await upload.json()) as { doc: { id: number } }).doc.id
    const gallery = await fetch(`${base}/cms-api/galleries`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Trip', public: true, images: [{ image: mediaId }] }),
    })
    expect(gallery.status).toBe(201)
    const galleryId = ((await gallery.json()) as { doc: { id: number } }).doc.id
    const listed = (await request('GET', '/api/galleries')).json() as { data: { id: number; imageCount: number }[] }
    expect(listed.data).toEqual([expect.objectContaining({ id: galleryId, imageCount: 1 })])
    const one = (await request('GET', `/api/galleries/${galleryId}`)).json() as { data: { images: { url: string }[] } }
    const image = await fetch(new URL(one.data.images[0]!.url, base))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')

    const cms = await request('GET', '/cms-api/articles?depth=0')
    expect((cms.json() as { docs: { title: string }[] }).docs.map((doc) => doc.title)).toEqual(['Hello from Next'])
    const admin = await request('GET', '/admin/login')
    expect(admin.status).toBe(200)
    expect(admin.text).toContain('<html')
  })

  it("answers a stranger's call of the admin UI's server functions with 401 or 403 from its proxy, and logs refusals at info", async () => {
    const manifestFile = path.join(EXAMPLE_DIR, '.next', 'server', 'server-reference-manifest.json')
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { node: Record<string, { filename: string }> }
    const actions = Object.keys(manifest.node)
    const serverFunction = actions.find((action) => manifest.node[action]!.filename === 'src/app/(payload)/layout.tsx')
    expect(serverFunction).toBeDefined()
    const member = { email: 'member@example.com', password: 'a member password', name: 'Mo Member', roles: ['user'] }
    const created = await fetch(`${base}/cms-api/users`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(member),
    })
    expect(created.status).toBe(201)
    const memberToken = ((await request('POST', '/api/auth/login', { body: { email: member.email, password: member.password } })).json() as { data: { token: string } }).data.token
    const call = (action: string, body: string, session?: string) =>
      fetch(`${base}/admin/login`, {
        method: 'POST',
        headers: { 'Next-Action': action, 'Content-Type': 'text/plain;charset=UTF-8', ...(session ? { Cookie: `payload-token=${session}` } : {}) },
        body,
      })
    const logBefore = output.length
    for (const action of actions) {
      for (const body of ['[{"name":"no-such-function","args":{}}]', 'not json{']) {
        const anonymous = await call(action, body)
        expect([anonymous.status, await anonymous.text()]).toEqual([401, JSON.stringify({ errors: [{ message: 'Unauthorized, you must be logged in to make this request.' }] })])
        const byMember = await call(action, body, memberToken)
        expect([byMember.status, await byMember.text()]).toEqual([403, JSON.stringify({ errors: [{ message: 'You are not allowed to perform this action.' }] })])
      }
    }
    // Payload's own refusals at /cms-api, logged at info without a stack: by their class names, which the plugin keeps
    // in the app's minified build.
    expect((await request('GET', '/cms-api/articles/999999')).status).toBe(404)
    expect((await request('GET', '/cms-api/payload-jobs')).status).toBe(403)
    await pollUntil('the refusals to be logged', async () => (output.slice(logBefore).includes('Not Found') ? true : undefined))
    expect(output.slice(logBefore)).not.toMatch(/⨯|ERROR|Error|\n\s+at /)

    const staff = await call(serverFunction!, JSON.stringify([{ name: 'form-state', args: { collectionSlug: 'categories', schemaPath: 'categories', formState: {}, operation: 'create' } }]), token)
    expect(staff.status).toBe(200)
    expect(await staff.text()).toContain('"errorMessage":"This field is required."')
  })

  it("keeps Payload's REST and GraphQL within the service's bounds", async () => {
    const logBefore = output.length
    expect(await request('GET', '/cms-api/__proto__')).toMatchObject({ status: 404, text: '{"errors":[{"message":"Not Found"}]}' })
    expect((await request('GET', '/cms-api/constructor/count')).status).toBe(404)
    expect((await request('GET', '/cms-api/articles?where[title][equals]=%00')).status).toBe(400)
    // Not valid percent-encoding: Next answered a plain-text 500; the app's proxy.ts a 400 in each door's shape.
    expect(await request('GET', '/cms-api/%')).toMatchObject({ status: 400, text: '{"errors":[{"message":"Request path is not valid percent-encoding"}]}' })
    expect(await request('GET', '/admin/%ff')).toMatchObject({ status: 400, text: '{"errors":[{"message":"Request path is not valid percent-encoding"}]}' })
    const api = await request('GET', '/api/articles/%')
    expect([api.status, api.json()]).toEqual([400, { success: false, error: { code: 'VALIDATION_ERROR', message: 'Request path is not valid percent-encoding' } }])
    expect((await request('GET', '/api/articles/%E2%82%AC')).status).toBe(404)
    // A stranger's body: refused before it is read when it says it is over 64 KB, and as it streams in past 64 KB
    // when it does not say.
    expect(await loginStatus({ declaredBytes: 300 * 1024 * 1024, sentBytes: 0 })).toBe(413)
    expect(await loginStatus({ sentBytes: 100 * 1024 })).toBe(413)
    // Query shapes: long text is for staff to filter by.
    const longText = await request('GET', '/cms-api/articles?where[content][like]=word&limit=1')
    expect([longText.status, longText.json()]).toEqual([400, { errors: [{ message: 'Only staff may filter or sort by long text: content' }] }])
    const aliases = `{ ${Array.from({ length: 21 }, (_, index) => `a${index}: Categories(limit: 1) { totalDocs }`).join(' ')} }`
    const graphql = await request('POST', '/cms-api/graphql', { body: { query: aliases } })
    expect(graphql.status).toBe(400)
    expect(graphql.text).toContain('at most 20 fields at its root')
    expect((await request('POST', '/cms-api/graphql', { body: { query: '{ Categories { totalDocs } }' } })).json()).toMatchObject({ data: { Categories: { totalDocs: 2 } } })
    expect(output.slice(logBefore)).not.toMatch(/⨯|ERROR|Error|\n\s+at /)
  })

  it('signs out', async () => {
    expect((await asAdmin('POST', '/api/auth/logout')).json()).toMatchObject({ data: { loggedOut: true } })
  })

  it('has had an answer from every route the contract describes', () => {
    const unanswered = ROUTE_PATTERNS.map(({ name }) => name).filter((name) => !answered.has(name))
    // A sitemap file exists only past SITEMAP_MAX_URLS addresses (a site of thousands).
    expect(unanswered).toEqual(['get /sitemaps/{file}'])
  })
})
