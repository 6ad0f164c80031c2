// The /api contract and Payload's REST served by examples/next-app (a create-payload-app app with the plugin
// installed as a package), over HTTP, as a host app would serve them. Run by `npm run test:example`, which builds the
// example first; not part of `npm test`.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { contractViolation } from '../helpers/contractCheck'
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
const request = async (method: string, urlPath: string, init: { body?: unknown; token?: string } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {}
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  })
  const text = await res.text()
  if (urlPath.startsWith('/api/')) {
    const pathname = new URL(urlPath, base).pathname
    expect(contractViolation(method, pathname, res.status, res.headers.get('content-type') ?? undefined, text)).toBeUndefined()
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

describe('examples/next-app', () => {
  let token = ''

  it('answers the public reads of /api', async () => {
    const articles = await request('GET', '/api/articles')
    expect(articles.status).toBe(200)
    expect(articles.json()).toMatchObject({ data: [] })
    const home = await request('GET', '/api/home')
    expect(home.status).toBe(200)
    expect(await request('GET', '/api/no-such-route')).toMatchObject({ status: 404 })
  })

  it('logs the first admin in through /api/auth/login and publishes an article through /api/admin', async () => {
    const login = await request('POST', '/api/auth/login', { body: ADMIN })
    expect(login.status).toBe(200)
    token = (login.json() as { data: { token: string } }).data.token
    const category = await request('POST', '/api/admin/categories', { token, body: { name: 'News' } })
    expect(category.status).toBe(201)
    const categoryId = (category.json() as { data: { id: number } }).data.id
    const created = await request('POST', '/api/admin/articles', {
      token,
      body: { title: 'Hello from Next', content: '# Hello\n\nServed by a route handler.', categoryId, status: 'published' },
    })
    expect(created.status).toBe(201)

    const articles = await request('GET', '/api/articles')
    expect((articles.json() as { data: { title: string }[] }).data.map((article) => article.title)).toEqual(['Hello from Next'])

    // Searching runs the plugin's threads (the search copy's, and SQLite's read thread) from their built files.
    const titles = await pollUntil('the article to be found by search', async () => {
      const found = (await request('GET', '/api/search?q=route%20handler')).json() as { data: { title: string }[] }
      return found.data.length > 0 ? found.data.map((hit) => hit.title) : undefined
    })
    expect(titles).toEqual(['Hello from Next'])
  })

  it("serves Payload's REST at /cms-api and the admin UI at /admin", async () => {
    const cms = await request('GET', '/cms-api/articles?depth=0')
    expect(cms.status).toBe(200)
    expect((cms.json() as { docs: { title: string }[] }).docs.map((doc) => doc.title)).toEqual(['Hello from Next'])
    const refused = await request('POST', '/api/admin/articles', { body: { title: 'No token' } })
    expect(refused.status).toBe(401)
    const admin = await request('GET', '/admin/login')
    expect(admin.status).toBe(200)
    expect(admin.text).toContain('<html')
  })
})
