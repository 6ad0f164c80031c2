// Checks the README's start command end to end, as a newcomer would see it: `npm start` on a fresh data folder
// (SQLite by default, or Postgres with --postgres on a throwaway cluster), admin UI included.
// Needs the admin build (npm run build:admin) to be current, else npm start builds it first.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { startPostgresCluster } from '../test/helpers/postgresCluster.mjs'
import { freePort } from '../test/helpers/freePort.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const usePostgres = process.argv.includes('--postgres')
const ADMIN = { email: 'owner@example.com', password: 'smoke-test-password' }
let passed = 0
let failed = 0

const check = (name, ok, detail = '') => {
  if (ok) passed++
  else failed++
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`)
}


const cluster = usePostgres ? await startPostgresCluster() : undefined
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-smoke-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const started = Date.now()
const server = spawn('npm', ['start'], {
  cwd: root,
  env: {
    ...process.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
let output = ''
server.stdout.on('data', (chunk) => (output += chunk))
server.stderr.on('data', (chunk) => (output += chunk))
const exited = new Promise((resolve) => server.on('exit', (code) => resolve({ code, at: Date.now() })))

const processExists = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const serverPid = async () => {
  // npm runs the script through a shell (which execs it); the server is the node process started by it.
  for (let i = 0; i < 50; i++) {
    const match = /"pid":(\d+)/.exec(output)
    if (match) return Number(match[1])
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server pid not found in its log')
}

try {
  const deadline = Date.now() + 240_000
  while (!/Listening on/.test(output)) {
    if (Date.now() > deadline) throw new Error(`not listening after 240 s:\n${output}`)
    if (server.exitCode !== null) throw new Error(`exited early:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  console.log(`started in ${((Date.now() - started) / 1000).toFixed(1)} s (${usePostgres ? 'Postgres' : 'SQLite'})`)

  const loginPage = await fetch(`${base}/admin/login`)
  const html = await loginPage.text()
  check('/admin/login renders', loginPage.status === 200 && /<title>Login/.test(html), `status ${loginPage.status}`)

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const loginBody = await login.json()
  check('POST /api/auth/login returns a token', login.status === 200 && typeof loginBody.data?.token === 'string', JSON.stringify(loginBody))

  const me = await fetch(`${base}/cms-api/users/me`, { headers: { Authorization: `Bearer ${loginBody.data?.token}` } })
  const meBody = await me.json()
  check('/cms-api/users/me returns the admin', meBody.user?.email === ADMIN.email && meBody.user?.roles?.includes('admin'), JSON.stringify(meBody).slice(0, 200))

  const health = await (await fetch(`${base}/api/health`)).json()
  check('/api/health is ok', health.success === true && health.data?.status === 'ok' && health.data?.db === (usePostgres ? 'postgres' : 'sqlite'), JSON.stringify(health))

  const nope = await fetch(`${base}/api/nope`)
  const nopeBody = await nope.json()
  check('/api/nope is a 404 envelope', nope.status === 404 && nopeBody.success === false && nopeBody.error?.code === 'NOT_FOUND', JSON.stringify(nopeBody))

  const viewer = await fetch(`${base}/api/docs/scalar.js`)
  const viewerBytes = (await viewer.arrayBuffer()).byteLength
  check('/api/docs/scalar.js is served from the build', viewer.status === 200 && viewerBytes > 1_000_000, `status ${viewer.status}, ${viewerBytes} bytes`)

  // A supervisor signals the process it started: npm itself, which must hand the signal to the server.
  const pid = await serverPid()
  const signalledAt = Date.now()
  server.kill('SIGTERM')
  const { code, at } = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve({ code: 'timeout', at: Date.now() }), 15_000))])
  check(`SIGTERM to npm start exits 0 within 10 s (exit ${code} after ${at - signalledAt} ms)`, code === 0 && at - signalledAt < 10_000)
  check('the server process is gone with it', !processExists(pid), `pid ${pid} still runs`)
} catch (error) {
  check('service started', false, String(error))
} finally {
  server.kill('SIGKILL')
  cluster?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

console.log(`smoke: ${passed} passed, ${failed} failed`)
// `--json FILE` writes the counts in jest's result keys, so CI can add them to its total.
const jsonIndex = process.argv.indexOf('--json')
if (jsonIndex > 0) fs.writeFileSync(process.argv[jsonIndex + 1], JSON.stringify({ numPassedTests: passed, numFailedTests: failed }))
process.exit(failed === 0 ? 0 : 1)
