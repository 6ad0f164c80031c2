import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { adminBuildIsCurrent } from '../../scripts/adminBuild.mjs'
import { spawnBuiltServer } from '../helpers/serverProcess'

const ROOT = path.resolve(import.meta.dirname, '../..')
const START_TIMEOUT_MS = 180_000

export const ADMIN = { email: 'owner@example.com', password: 'e2e owner password' }

export type E2EService = {
  base: string
  dataDir: string
  /** The service process's id. */
  pid: number
  output: () => string
  stop: () => Promise<void>
}

/** Builds the admin UI with `node scripts/build-admin.mjs` unless the build in `.next` matches the sources. */
export const ensureAdminBuild = async (): Promise<void> => {
  if (adminBuildIsCurrent()) return
  const started = Date.now()
  process.stdout.write('e2e: the admin UI build is missing or out of date: node scripts/build-admin.mjs (about a minute)\n')
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'build-admin.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`admin UI build failed (exit ${code}):\n${output.slice(-4000)}`)
  process.stdout.write(`e2e: admin UI built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

/**
 * Starts the service as `npm start` would in production (the compiled server with its heap limit, migrations, the
 * admin UI) on a fresh SQLite database in a temp folder, on 127.0.0.1 and a port the OS picks. `stop()` sends SIGTERM and removes the folder.
 */
export const startService = async (): Promise<E2EService> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-e2e-'))
  const server = spawnBuiltServer({
    ADMIN: 'true',
    NODE_ENV: 'production',
    PAYLOAD_SECRET: 'e2e-test-secret-not-for-production',
    DATABASE_URL: `file:${path.join(dataDir, 'e2e.db')}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WALL_MODERATION: 'true',
    SITE_URL: 'https://site.example.com',
    JOBS_POLL_MS: '200',
    // The test receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
  })
  // If the test runner itself is stopped (Ctrl+C), the server goes with it.
  const killOnExit = () => server.child.kill('SIGTERM')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM')
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000)
      await server.exited
      clearTimeout(timer)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  let timer: NodeJS.Timeout | undefined
  try {
    const base = await Promise.race([
      server.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`service not ready after ${START_TIMEOUT_MS / 1000} s:\n${server.output()}`)), START_TIMEOUT_MS)
      }),
    ])
    return { base, dataDir, pid: server.child.pid!, output: server.output, stop }
  } catch (error) {
    await stop()
    throw error
  } finally {
    clearTimeout(timer)
  }
}

type Json = Record<string, unknown>

/** A JSON request to the running service; returns the status and the parsed body. */
export const requestJson = async (url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  let body: Json
  try {
    body = JSON.parse(text) as Json
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}, not JSON: ${text.slice(0, 500)}`)
  }
  return { status: response.status, body }
}

/** Logs in through `POST /api/auth/login` and returns the bearer token. */
export const apiLogin = async (base: string, email: string, password: string): Promise<string> => {
  const { status, body } = await requestJson(`${base}/api/auth/login`, { method: 'POST', body: { email, password } })
  if (status !== 200) throw new Error(`login of ${email} failed: ${status} ${JSON.stringify(body)}`)
  return (body.data as { token: string }).token
}

/** Creates an account with one role as the admin, through Payload's REST API. */
export const createAccount = async (base: string, adminToken: string, account: { email: string; password: string; name: string; role: string }) => {
  const { status, body } = await requestJson(`${base}/cms-api/users`, {
    method: 'POST',
    token: adminToken,
    body: { email: account.email, password: account.password, name: account.name, roles: [account.role] },
  })
  if (status !== 201) throw new Error(`creating ${account.email} failed: ${status} ${JSON.stringify(body)}`)
  return (body.doc as { id: number }).id
}
