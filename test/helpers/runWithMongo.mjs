// `npm run test:mongo`: the integration suite on MongoDB. Uses MONGODB_URL when set, else starts a local `mongod`
// on a temp folder and a random loopback port. Where neither exists (no MongoDB server can be downloaded on
// these machines), it says so and exits 0 without running anything.
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

const server = process.env.MONGODB_URL ? { url: process.env.MONGODB_URL, stop: () => {} } : await startLocalMongod()

if (!server) {
  console.log(
    'MongoDB leg SKIPPED: no MONGODB_URL is set and no mongod binary is on PATH. MongoDB servers cannot be ' +
      'downloaded on this machine; set MONGODB_URL=mongodb://host:port/db (or install mongod) to run this leg.',
  )
  process.exit(0)
}

console.log(`MongoDB leg: running the integration suite against ${server.url.replace(/\/\/[^@]*@/, '//***@')}`)
const jest = spawn(process.execPath, ['node_modules/jest/bin/jest.js', 'test/int', ...process.argv.slice(2)], {
  env: {
    ...process.env,
    NODE_OPTIONS: '--experimental-vm-modules --conditions=production --no-deprecation',
    TEST_DATABASE_URL: server.url,
  },
  stdio: 'inherit',
})
jest.on('exit', (code) => {
  server.stop()
  process.exit(code ?? 1)
})
