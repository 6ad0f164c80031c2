// `npm run test:mongo`: the integration suite on MongoDB. Uses MONGODB_URL when set, else starts a local `mongod`
// on a temp folder and a random loopback port, else asks mongodb-memory-server-core for a server (it downloads one
// into its cache on first use, where the machine can reach fastdl.mongodb.org; `npm ci` never downloads). Where none
// of these works (these machines reach only the npm registry and Debian apt), it says so in one line and exits 0.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './freePort.mjs'


const waitForPort = async (port, timeoutMs) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`mongod did not listen on port ${port} within ${timeoutMs} ms`)
}

const startLocalMongod = async () => {
  const found = spawnSync('sh', ['-c', 'command -v mongod'], { encoding: 'utf8' }).stdout.trim()
  if (!found) return undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-mongo-'))
  const port = await freePort()
  const mongod = spawn(found, ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'], {
    stdio: 'ignore',
  })
  await waitForPort(port, 30_000)
  return {
    url: `mongodb://127.0.0.1:${port}/blog`,
    stop: () => {
      mongod.kill('SIGTERM')
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

// A download that cannot finish (a blocked network may hang rather than refuse) must not hold CI for minutes.
const MEMORY_SERVER_TIMEOUT_MS = Number(process.env.MONGOMS_START_TIMEOUT_MS || 60_000)

/** A server from mongodb-memory-server-core, or `{ skipped }` saying in a few words why there is none. */
const startMemoryServer = async () => {
  let MongoMemoryServer
  try {
    ;({ MongoMemoryServer } = await import('mongodb-memory-server-core'))
  } catch {
    return { skipped: 'mongodb-memory-server-core is not installed' }
  }
  let timer
  const timedOut = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no server within ${MEMORY_SERVER_TIMEOUT_MS / 1000} s`)), MEMORY_SERVER_TIMEOUT_MS)
  })
  // The library reports each failed download attempt on the console; the outcome is said once, below.
  const quiet = { log: console.log, warn: console.warn, error: console.error }
  console.log = console.warn = console.error = () => {}
  try {
    const memory = await Promise.race([MongoMemoryServer.create({ instance: { ip: '127.0.0.1' } }), timedOut])
    return { url: memory.getUri('blog'), stop: () => memory.stop() }
  } catch (error) {
    const reason = String(error?.message ?? error).replace(/\s+/g, ' ').trim().slice(0, 300)
    return { skipped: `mongodb-memory-server-core could not get a MongoDB server (${reason})` }
  } finally {
    clearTimeout(timer)
    Object.assign(console, quiet)
  }
}

const server = process.env.MONGODB_URL
  ? { url: process.env.MONGODB_URL, stop: () => {} }
  : ((await startLocalMongod()) ?? (await startMemoryServer()))

if (server.skipped) {
  console.log(
    `MongoDB leg SKIPPED: no MONGODB_URL, no mongod on PATH, and ${server.skipped}; ` +
      'set MONGODB_URL=mongodb://host:port/db (or install mongod) to run this leg.',
  )
  // A download may still be under way: leave without waiting for it.
  process.exit(0)
}

console.log(`MongoDB leg: running the integration suite against ${server.url.replace(/\/\/[^@]*@/, '//***@')}`)
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/int', ...process.argv.slice(2)], {
  env: {
    ...process.env,
    NODE_OPTIONS: '--conditions=production --no-deprecation',
    TEST_DATABASE_URL: server.url,
  },
  stdio: 'inherit',
})
vitest.on('exit', async (code) => {
  await server.stop()
  process.exit(code ?? 1)
})
