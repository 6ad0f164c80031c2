import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ServerProcess, spawnBuiltServer } from '../helpers/serverProcess'
import { publishArticleAs, sigtermUnderMixedLoad } from '../helpers/sigtermUnderLoad'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const ADMIN = { email: 'owner@example.com', password: 'a long enough password' }
const CONNECTIONS = 100
/** SHUTDOWN_TIMEOUT's default (8 s) and a margin for closing the database. */
const STOP_BOUND_MS = 12_000

let dataDir: string
let database: TestDatabase

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-workers-'))
  database = await createTestDatabase(dataDir)
})

afterAll(async () => {
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const waitFor = async <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
}

/** One request on a connection of its own (the cluster hands out connections, not requests, in turn). */
const getOnce = (url: string): Promise<{ status: number; workerPid?: string }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 5000 }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, workerPid: res.headers['x-worker-pid'] as string | undefined }))
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} within 5 s`))
      })
      .on('error', reject)
  })

/** The output's finished lines (the last one may still be arriving). */
const completeLines = (server: ServerProcess) => server.output().split('\n').slice(0, -1)

/** The primary's JSON log lines (named `cluster`), as messages. */
const primaryMessages = (server: ServerProcess) =>
  completeLines(server).filter((line) => line.includes('"name":"cluster"'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg)

/** Worker pids the primary saw listening, in order. */
const listeningPids = (server: ServerProcess) =>
  primaryMessages(server).flatMap((msg) => /^worker \d+ \(pid (\d+)\) listening/.exec(msg)?.[1] ?? [])

describe('WORKERS=2, started as npm start does, in production', () => {
  let server: ServerProcess
  let base: string

  beforeAll(async () => {
    server = spawnBuiltServer({
      NODE_ENV: 'production',
      PAYLOAD_SECRET: 'workers-test-secret',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WALL_RATE_LIMIT: '10000',
      WORKERS: '2',
    })
    base = await server.ready
    await waitFor('both workers listening', () => (primaryMessages(server).includes('all 2 workers listening') ? true : undefined))
  }, 120_000)

  afterAll(() => {
    server?.child.kill('SIGKILL')
    for (const pid of listeningPids(server ?? { output: () => '' })) {
      try {
        process.kill(Number(pid), 'SIGKILL')
      } catch {
        // already gone
      }
    }
  })

  it('runs the production migrations once, in the first worker, before the second one starts', () => {
    const lines = completeLines(server)
      .filter((line) => line.includes('Migrated:'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string })
    expect(lines.length).toBeGreaterThan(0)
    const names = lines.map(({ msg }) => msg.replace(/\s*\(\d+ms\)$/, ''))
    expect(new Set(names).size).toBe(names.length)
    expect(new Set(lines.map(({ pid }) => String(pid)))).toEqual(new Set([listeningPids(server)[0]]))
    const messages = primaryMessages(server)
    expect(messages.findIndex((msg) => /^worker 2 .* forked$/.test(msg))).toBeGreaterThan(
      messages.findIndex((msg) => /^worker 1 .* listening/.test(msg)),
    )
  })

  it('answers from both workers on one port, each naming its pid, each with the heap limits of npm start', async () => {
    const workers = listeningPids(server)
    expect(workers).toHaveLength(2)
    const seen = new Set<string>()
    for (let n = 0; n < 20; n++) {
      const { status, workerPid } = await getOnce(`${base}/api/health`)
      expect(status).toBe(200)
      seen.add(workerPid ?? 'none')
    }
    expect(seen).toEqual(new Set(workers))
    for (const pid of workers) expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['--max-old-space-size=256', '--max-semi-space-size=8']))
  })

  it('replaces a worker killed with SIGKILL while the port keeps answering', async () => {
    const [victim, survivor] = listeningPids(server) as [string, string]
    process.kill(Number(victim), 'SIGKILL')
    // Until the primary has seen the death, node:cluster may still hand a new connection to the dead worker,
    // and that connection then hangs (the client's timeout ends it): the probes start once the death is logged.
    const died = new RegExp(`\\(pid ${victim}\\) was killed by SIGKILL; forking a replacement$`)
    await waitFor('the death logged', () => (primaryMessages(server).some((msg) => died.test(msg)) ? true : undefined))
    const statuses: number[] = []
    const replacement = await waitFor('a replacement worker listening', async () => {
      statuses.push((await getOnce(`${base}/api/health`)).status)
      return listeningPids(server)[2]
    })
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set([200]))
    const seen = new Set<string>()
    for (let n = 0; n < 20; n++) seen.add((await getOnce(`${base}/api/health`)).workerPid ?? 'none')
    expect(seen).toEqual(new Set([survivor, replacement]))
  }, 90_000)

  it('on SIGTERM under load answers every request already sent and exits 0', async () => {
    const { slug } = await publishArticleAs(base, ADMIN)
    const { load, signalledAt, exit } = await sigtermUnderMixedLoad(server, base, slug, CONNECTIONS)

    expect(load.unanswered.map((lost) => ({ ...lost, at: lost.at - signalledAt }))).toEqual([])
    expect(Object.keys(load.statuses).sort()).toEqual(['200', '201'])
    expect(load.answered.get('POST /api/wall-messages 201')).toBeGreaterThan(0)
    expect(load.answered.get(`GET /api/articles/${slug} 200`)).toBeGreaterThan(0)
    expect(load.refused).toBe(CONNECTIONS) // every connection ended by finding the port closed
    expect(exit.code).toBe(0)
    expect(exit.at - signalledAt).toBeLessThan(STOP_BOUND_MS)
    const messages = primaryMessages(server)
    expect(messages).toContain('SIGTERM received: stopping 2 worker(s)')
    expect(messages).toContain('no worker listens any more: 2 worker(s) draining')
    expect(messages.at(-1)).toBe('all workers stopped; primary exiting with code 0')
  }, 90_000)
})

describe('a WORKERS value that is not a number of processes', () => {
  it.each(['junk', '0', '-2', '65'])('WORKERS=%s: refuses to start, exit 1, says why on stderr', async (value) => {
    const server = spawnBuiltServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN: 'false', WORKERS: value })
    let stderr = ''
    server.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const { code } = await server.exited
    expect(code).toBe(1)
    expect(stderr).toContain(`Invalid configuration: WORKERS: expected "auto" or a whole number from 1 to 64, got "${value}"`)
    expect(server.output()).not.toContain('"name":"cluster"')
  }, 30_000)
})
