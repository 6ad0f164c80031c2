import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'

import { runKeepAliveLoad } from '../helpers/keepAliveLoad'
import { startPostgresCluster } from '../helpers/postgresCluster.mjs'
import { spawnServer, type ServerProcess } from '../helpers/serverProcess'

// These faults need a Postgres server the test can stop and start: it runs its own cluster, in the Postgres leg.
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false
if (!onPostgres) console.log('postgresFaults: skipped here; it runs in `npm run test:postgres` (needs initdb and pg_ctl)')
const describeOnPostgres = onPostgres ? describe : describe.skip

const OWNER = { email: 'owner@example.com', password: 'owner outage password' }

type Cluster = { url: string; stop: () => void; pause: () => void; resume: () => void }

let cluster: Cluster
let server: ServerProcess
let base: string
let dataDir: string

const lines = (pattern: RegExp) => server.output().split('\n').filter((line) => pattern.test(line))

const postMessage = (content: string) =>
  fetch(`${base}/api/wall-messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ nickname: 'Visitor', content }),
  })

const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server.output().slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const FAULT_INJECTOR = 'postgres-faults-test'

/** Terminates every connection the service holds, as a Postgres restart, a failover or an operator would. */
const terminateServiceConnections = async (): Promise<number> => {
  // Terminations can overlap on a slow machine: each spares the others' connections, named below.
  const admin = new pg.Client({ connectionString: cluster.url, application_name: FAULT_INJECTOR })
  admin.on('error', () => {}) // a failed query rejects below
  await admin.connect()
  try {
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name <> '${FAULT_INJECTOR}'`,
    )
    return rows.length
  } finally {
    await admin.end()
  }
}

describeOnPostgres('Postgres faults, against the service in its own process', () => {
  beforeAll(async () => {
    cluster = (await startPostgresCluster()) as Cluster
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-pg-faults-'))
    server = spawnServer({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      ADMIN: 'false',
      WALL_RATE_LIMIT: '10000',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    })
    base = await server.ready
  })

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    cluster?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('stays up when its pooled connections are terminated, and serves reads and writes on new ones', async () => {
    // Several requests at once leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 6 }, (_, i) => postMessage(`before ${i}`)))
    const terminated = await terminateServiceConnections()
    expect(terminated).toBeGreaterThanOrEqual(2)
    // Each idle connection's loss is logged once; one the cache poll (lib/coherence) was reading on fails that read.
    await waitFor(
      async () => lines(/A Postgres connection was lost|cannot read the shared generation/).length === terminated,
      'the lost connections are logged',
    )

    expect(server.child.exitCode).toBeNull()
    const health = await fetch(`${base}/api/health`)
    expect(health.status).toBe(200)
    expect((await postMessage('after the terminations')).status).toBe(201)
    const wall = await (await fetch(`${base}/api/wall-messages?limit=1`)).json()
    expect(wall.total).toBe(7)
    expect(lines(/Database unreachable/)).toEqual([]) // lost connections are not an outage
  })

  it('keeps serving while its connections are terminated over and over under load: no 500, no answer lost', async () => {
    let terminations = 0
    let lastTermination = Promise.resolve()
    const terminator = setInterval(() => {
      lastTermination = terminateServiceConnections().then((count) => void (terminations += count))
    }, 300)
    const load = await runKeepAliveLoad({
      url: base,
      connections: 10,
      until: new Promise((resolve) => setTimeout(resolve, 3000)),
      request: (connection, n) =>
        connection % 2 === 0
          ? { method: 'POST', path: '/api/wall-messages', body: { nickname: 'Visitor', content: `under fire ${n}` } }
          : { method: 'GET', path: '/api/wall-messages' },
    })
    clearInterval(terminator)
    await lastTermination

    expect(terminations).toBeGreaterThan(5)
    expect(server.child.exitCode).toBeNull()
    expect(load.unanswered).toEqual([])
    // A write whose connection is killed under it answers 503 (nothing was committed); nothing answers 500.
    expect(Object.keys(load.statuses).filter((status) => !['200', '201', '503'].includes(status))).toEqual([])
    expect(load.answered.get('POST /api/wall-messages 201')).toBeGreaterThan(0)
    // A termination can land just after the load: the pool drops those connections as their errors arrive.
    await waitFor(async () => (await fetch(`${base}/api/health`)).status === 200, 'health 200 after the terminations', 5_000)
    expect(lines(/Database unreachable/)).toEqual([]) // the database never went away
  })

  it('answers 503 with Retry-After on every door while Postgres is down, logs the outage once, and recovers by itself', async () => {
    const pid = server.child.pid
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    })
    const { token } = (await login.json()).data as { token: string }
    const bearer = { Authorization: `Bearer ${token}` }
    cluster.pause()
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const [health, post, cms, search, ...withToken] = await Promise.all([
            fetch(`${base}/api/health`),
            postMessage('during the outage'),
            fetch(`${base}/cms-api/categories`),
            fetch(`${base}/api/search?q=outage`),
            // A valid token during the outage: never 401, or the client would throw the token away.
            fetch(`${base}/api/articles`, { headers: bearer }),
            fetch(`${base}/api/admin/articles`, { headers: bearer }),
            fetch(`${base}/cms-api/users/me`, { headers: { Authorization: `JWT ${token}` } }),
            fetch(`${base}/cms-api/users`, { headers: bearer }),
            fetch(`${base}/cms-api/graphql`, {
              method: 'POST',
              headers: { ...bearer, 'Content-Type': 'application/json' },
              body: JSON.stringify({ query: '{ meUser { user { id } } }' }),
            }),
          ])
          return { health, post, cms, search, withToken }
        }),
      )
      for (const { health, post, cms, search, withToken } of answers) {
        expect(withToken.map((answer) => `${new URL(answer.url).pathname} ${answer.status}`)).toEqual(
          ['/api/articles', '/api/admin/articles', '/cms-api/users/me', '/cms-api/users', '/cms-api/graphql'].map((path) => `${path} 503`),
        )
        for (const answer of withToken) expect(answer.headers.get('retry-after')).toBe('5')
        expect(search.status).toBe(503)
        expect((await search.json()).error.code).toBe('SERVICE_UNAVAILABLE')
        expect(health.status).toBe(503)
        expect(health.headers.get('retry-after')).toBe('5')
        expect(await health.json()).toEqual({
          success: false,
          error: { code: 'SERVICE_UNAVAILABLE', message: 'The database cannot be reached right now; try again shortly' },
        })
        expect(post.status).toBe(503)
        expect((await post.json()).error.code).toBe('SERVICE_UNAVAILABLE')
        expect(cms.status).toBe(503)
        expect(cms.headers.get('retry-after')).toBe('5')
        expect((await cms.json()).errors[0].message).toMatch(/database cannot be reached/)
      }
      await waitFor(async () => lines(/Database unreachable/).length === 1, 'the outage is logged (after a failed ping)')
      expect(lines(/Database unreachable/)).toHaveLength(1)
      expect(lines(/unhandled error|"level":50/).filter((line) => !/Database unreachable/.test(line))).toEqual([])
    } finally {
      cluster.resume()
    }

    await waitFor(async () => (await fetch(`${base}/api/health`)).status === 200, 'health is 200 again')
    expect(server.child.pid).toBe(pid)
    expect(server.child.exitCode).toBeNull()
    expect((await postMessage('after the outage')).status).toBe(201)
    await waitFor(async () => lines(/Database reachable again after \d+\.\d s/).length === 1, 'the end of the outage is logged')
  })
})
