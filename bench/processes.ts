// Everything the benchmark starts (the database, seeding processes, the service, the ceiling, temp folders), and
// how it is all stopped: at the end, on failure and on Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { buildServer } from '../scripts/build-server.mjs'
import { freePort } from '../test/helpers/freePort.mjs'
import { startPostgresCluster } from '../test/helpers/postgresCluster.mjs'
import { spawnBuiltServer } from '../test/helpers/serverProcess'
import type { SiteSize } from './seed'

type Running = { name: string; stop: () => unknown; kill: () => unknown }
const running: Running[] = []

/** Registers something to stop at the end (`kill`: synchronously, as the process ends); returns a function to stop it now. */
const track = (name: string, stop: () => unknown, kill = stop) => {
  const entry = { name, stop, kill }
  running.push(entry)
  return async () => {
    if (running.includes(entry)) await running.splice(running.indexOf(entry), 1)[0]!.stop()
  }
}

/** A failure to stop one thing is reported and does not keep the others running. */
const attempt = async ({ name, ...entry }: Running, how: 'kill' | 'stop') => {
  try {
    await entry[how]()
  } catch (error) {
    process.stderr.write(`could not stop ${name}: ${error instanceof Error ? error.message : String(error)}\n`)
  }
}

/** Stops everything still registered, newest first. */
export const stopAll = async (): Promise<void> => {
  for (let entry = running.pop(); entry; entry = running.pop()) await attempt(entry, 'stop')
}

/** On SIGINT/SIGTERM: stop everything, then exit 130. On any exit: kill whatever is somehow still running. */
export const stopAllOnExit = (): void => {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`\n${signal}: stopping everything the benchmark started\n`)
    void stopAll().finally(() => process.exit(130))
  }
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  process.on('exit', () => running.splice(0).reverse().forEach((entry) => void attempt(entry, 'kill'))) // each kill runs synchronously
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

/** Tracks a child process: SIGTERM and a wait for its exit, SIGKILL after 10 s (or at once when the process ends). */
const trackChild = (name: string, child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const kill = () => alive(child) && child.kill('SIGKILL')
  const stop = async () => {
    if (!alive(child)) return
    const timer = setTimeout(kill, 10_000)
    child.kill('SIGTERM')
    await exited
    clearTimeout(timer)
  }
  return track(name, stop, kill)
}

/** Runs a TypeScript file in its own Node process with an IPC channel and a production environment of `env` only. */
export const spawnTracked = (name: string, file: string, env: Record<string, string> = {}, flags: string[] = []) => {
  const child = spawn(process.execPath, [...flags, '--no-deprecation', '--import', 'tsx', file], {
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return { child, stop: trackChild(name, child) }
}

const READY_TIMEOUT_MS = 120_000

/** A request on a connection of its own: the cluster hands out connections in turn, so each may meet another worker. */
const workerPidOnNewConnection = (url: string) =>
  new Promise<string | undefined>((resolve) => {
    http
      .get(url, { agent: false, timeout: 5000 }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.headers['x-worker-pid'] as string | undefined))
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy()
      })
      .on('error', () => resolve(undefined))
  })

/**
 * With WORKERS above 1 the first worker answers health while the others still start: all answer once `workers`
 * different worker pids come back from as many rounds of requests (a worker not yet listening gets none).
 */
const allWorkersAnswer = async (url: string, workers: number) => {
  if (workers <= 1) return true
  const pids = new Set<string | undefined>()
  for (let n = 0; n < workers * 2; n++) pids.add(await workerPidOnNewConnection(url))
  pids.delete(undefined)
  return pids.size === workers
}

/** Waits until `url` answers `/api/health` with 200 (and `ready` holds), failing if the process ends first or takes too long. */
const untilHealthy = async (child: ChildProcess, url: string, failure: (what: string) => Error, ready = async () => true) => {
  for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline; ) {
    if (!alive(child)) throw failure(`exited with ${child.signalCode ?? child.exitCode} before it was ready`)
    const healthy = (await fetch(`${url}/api/health`).catch(() => undefined))?.status === 200
    if (healthy && (await ready())) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw failure(`did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s`)
}

/**
 * Starts the service as `npm start` does (the compiled server, with the Node flags it chooses) and waits for
 * `/api/health` (and, with `WORKERS`, for every worker); with `profileDir`, V8 writes a CPU profile there (one per
 * worker).
 */
export const startService = async (env: Record<string, string>, profileDir: string | undefined, flags: string[]) => {
  const port = await freePort()
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true })
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []
  await buildServer()
  const { child, output } = spawnBuiltServer({ ...env, PORT: String(port) }, [...flags, ...profiling])
  const stop = trackChild('service', child)
  const url = `http://127.0.0.1:${port}`
  await untilHealthy(child, url, (what) => new Error(`the service ${what}:\n${output().slice(-20_000)}`), () =>
    allWorkersAnswer(`${url}/api/health`, Number(env.WORKERS ?? '1')),
  )
  return { pid: child.pid!, url, stop }
}

const EXAMPLE_DIR = path.resolve(import.meta.dirname, '..', 'examples', 'next-app')
const EXAMPLE_ADMIN = { email: 'admin@bench.example.com', password: 'bench-example-admin-password' }

/** `npm run build:example` made the example's production build. */
export const exampleAppBuilt = () => fs.existsSync(path.join(EXAMPLE_DIR, '.next', 'BUILD_ID'))

/**
 * Starts examples/next-app (`next start`: the contract in a Next route handler) on a SQLite database of its own, and
 * writes a category and `articles` published articles through its /api/admin. Its own database, since the example
 * has its own schema (the blank template's collections, extended) and migrations.
 */
export const startExampleApp = async (env: Record<string, string>, articles = 8) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-example-'))
  track('example temp folder', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const child = spawn(process.execPath, ['--no-deprecation', path.join(EXAMPLE_DIR, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start'], {
    cwd: EXAMPLE_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...env,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dataDir, 'app.db')}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EXAMPLE_ADMIN.email,
      ADMIN_PASSWORD: EXAMPLE_ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = trackChild('example app', child)
  const url = `http://127.0.0.1:${port}`
  const call = async (method: string, route: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }
    const response = await fetch(`${url}${route}`, { method, headers, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${method} ${route} on the example app answered ${response.status}: ${await response.text()}`)
    return ((await response.json()) as { data: { id: number; token: string } }).data
  }
  await untilHealthy(child, url, (what) => new Error(`the example app ${what}`))
  const { token } = await call('POST', '/api/auth/login', EXAMPLE_ADMIN)
  const category = await call('POST', '/api/admin/categories', { name: 'Notes' }, token)
  for (let n = 1; n <= articles; n++) {
    const content = `# Note ${n}\n\nWritten for the benchmark, with **some** Markdown and a [link](https://example.com).`
    await call('POST', '/api/admin/articles', { title: `Note ${n}`, content, categoryId: category.id, status: 'published' }, token)
  }
  return { pid: child.pid!, url, stop }
}

/** Starts the ceiling servers (ceiling.ts) in their own process, so their CPU and memory are measured like the service's. */
export const startCeiling = async (bodies: Record<string, string>) => {
  const { child, stop } = spawnTracked('ceiling server', path.resolve(import.meta.dirname, 'ceiling.ts'))
  const { port, honoPort } = await new Promise<{ port: number; honoPort: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; honoPort: number }))
    child.once('exit', (code, signal) => reject(new Error(`the ceiling server exited with ${signal ?? code} before listening`)))
    child.send(bodies)
  })
  return { pid: child.pid!, url: `http://127.0.0.1:${port}`, honoUrl: `http://127.0.0.1:${honoPort}`, stop }
}

/**
 * The run's DATABASE_URL and DATA_DIR: a temp folder with a SQLite file or a throwaway PostgreSQL cluster, removed at the
 * end; or a kept `reuseDir` holding either, `seeded` when it already holds this very site (`markSeeded` records that).
 */
export const createDatabase = async (kind: 'postgres' | 'sqlite', site: SiteSize, reuseDir?: string) => {
  if (reuseDir) {
    const dataDir = path.resolve(reuseDir)
    const marker = path.join(dataDir, 'seeded.json')
    fs.mkdirSync(dataDir, { recursive: true })
    let seeded = false
    try {
      seeded = JSON.stringify((JSON.parse(fs.readFileSync(marker, 'utf8')) as { site?: unknown }).site) === JSON.stringify(site)
    } catch {
      // no marker (or a broken one): seed anew
    }
    if (!seeded) for (const file of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, file), { recursive: true, force: true })
    const markSeeded = (summary: unknown) => fs.writeFileSync(marker, JSON.stringify({ site, summary }, null, 2))
    if (kind === 'sqlite') return { url: `file:${path.join(dataDir, 'bench.db')}`, dataDir, seeded, markSeeded }
    const cluster = await startPostgresCluster({ keepIn: path.join(dataDir, 'cluster') })
    track('PostgreSQL cluster (kept)', cluster.stop)
    return { url: cluster.url, dataDir, port: Number(new URL(cluster.url).port), seeded, markSeeded }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-'))
  track('temp folder', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  if (kind === 'sqlite') return { url: `file:${path.join(dataDir, 'bench.db')}`, dataDir, seeded: false }
  const cluster = await startPostgresCluster()
  track('PostgreSQL cluster', cluster.stop)
  return { url: cluster.url, dataDir, port: Number(new URL(cluster.url).port), seeded: false }
}
