import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SERVER_BUILD } from '../../scripts/build-server.mjs'
import { spawnServer } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const ADMIN = { email: 'owner@example.com', password: 'a long enough password' }

describe('production start, in its own process', () => {
  let dataDir: string
  let database: TestDatabase

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-lifecycle-'))
    database = await createTestDatabase(dataDir)
  })

  afterAll(async () => {
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const startProduction = (admin: { email: string; password: string }) =>
    spawnServer({
      NODE_ENV: 'production',
      PAYLOAD_SECRET: 'lifecycle-test-secret',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    })

  it('runs the committed migrations on an empty database, serves, and stops on SIGTERM with exit 0', async () => {
    const server = startProduction(ADMIN)
    try {
      const base = await server.ready
      // No schema push in production: the SQL tables exist only because the migrations ran (MongoDB needs none).
      if (database.kind !== 'mongodb') expect(server.output()).toMatch(/"Migrated: +\d{8}_\d{6}_initial \(/)
      // The first GraphQL query of a process builds the schema: done before anyone may ask (150-850 ms of event loop).
      expect(server.output()).toMatch(/GraphQL schema built before listening, in \d+ ms[^]*Listening on/)
      const health = await fetch(`${base}/api/health`)
      expect(await health.json()).toEqual({ success: true, data: { status: 'ok', db: database.kind } })

      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
      expect(login.status).toBe(200)
      const { token } = (await login.json()).data
      const me = await fetch(`${base}/cms-api/users/me`, { headers: { Authorization: `Bearer ${token}` } })
      expect((await me.json()).user).toMatchObject({ email: ADMIN.email, roles: ['admin'] })

      // Every column the code writes must exist: a field added without its migration fails here.
      const message = await fetch(`${base}/api/wall-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname: 'Visitor', content: 'Hello', email: 'visitor@example.com', website: 'https://v.example.com' }),
      })
      expect(message.status).toBe(201)
      const wall = await (await fetch(`${base}/api/wall-messages`)).json()
      expect(wall.data[0]).toMatchObject({ nickname: 'Visitor', avatar: expect.stringContaining('gravatar.com/avatar/') })
      expect((await fetch(`${base}/api/home`)).status).toBe(200)

      // A request in flight when SIGTERM arrives still gets its answer (login hashes the password: it takes a while).
      const inFlight = fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
      await new Promise((resolve) => setTimeout(resolve, 30))
      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      expect((await inFlight).status).toBe(200)
      const { code, at } = await server.exited
      expect(code).toBe(0)
      expect(at - signalledAt).toBeLessThan(10_000)
      await expect(fetch(`${base}/api/health`)).rejects.toThrow()
    } finally {
      server.child.kill('SIGKILL')
    }
  })

  it('keeps the first admin and the data across a restart', async () => {
    const someoneElse = { email: 'someone-else@example.com', password: 'another password here' }
    const server = startProduction(someoneElse)
    try {
      const base = await server.ready
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(someoneElse),
      })
      expect(login.status).toBe(401) // not created: the database already had an account
      expect(server.output()).not.toMatch(/Migrating:/) // nothing pending the second time
      server.child.kill('SIGTERM')
      expect((await server.exited).code).toBe(0)
    } finally {
      server.child.kill('SIGKILL')
    }
  })
})

describe('a bad configuration stops the start with one clear line', () => {
  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: expected a whole number from 0 to 65535, got "abc"\n$/],
    [{ DATABASE_URL: 'mysql://localhost/blog' }, /^Invalid configuration: DATABASE_URL has the unsupported scheme "mysql:"; use .*\n$/],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: PAYLOAD_SECRET is required when NODE_ENV=production\n$/],
  ])('%o', async (env, message) => {
    const server = spawnServer({ ADMIN: 'false', DATA_DIR: path.join(os.tmpdir(), 'never-created'), ...env })
    const { code } = await server.exited
    expect(code).toBe(1)
    expect(server.output()).toMatch(message)
  })

  it('started without the Node flags `npm start` gives', async () => {
    const env = { NODE_ENV: 'development' as const, PATH: process.env.PATH ?? '', ADMIN: 'false', DATA_DIR: path.join(os.tmpdir(), 'never-created') }
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(process.execPath, [SERVER_BUILD], { env, timeout: 60_000 }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr })),
    )
    expect(code).toBe(1)
    expect(stderr).toBe("Start failed: dist/server.mjs needs Node's --conditions=production flag; start the service with `npm start`\n")
  })
})
