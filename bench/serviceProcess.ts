// The service under test, started the way `npm start` starts it (server.ts through tsx), in its own process.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from '../test/helpers/freePort.mjs'
import { spawnTracked } from './cleanup'

const ROOT = path.resolve(import.meta.dirname, '..')
const READY_TIMEOUT_MS = 120_000
const OUTPUT_KEPT = 20_000

export type ServiceProcess = {
  child: ChildProcess
  pid: number
  url: string
  /** The last part of its stdout and stderr, for error messages. */
  output: () => string
  stop: () => Promise<void>
}

/** Polls `GET /api/health` until it answers 200; rejects if the process exits first or the wait is over. */
const waitForHealth = async (url: string, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the service exited with ${child.signalCode ?? child.exitCode} before it was ready:\n${output()}`)
    }
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the service did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`)
}

/**
 * Starts server.ts in production mode on a free loopback port and resolves once `/api/health` answers. Production
 * runs the committed migrations first, as a deployment would. With `profileDir`, V8 writes a CPU profile there when
 * the process stops; `flags` go to Node before the rest.
 */
export const startService = async (env: Record<string, string>, profileDir?: string, flags: string[] = []): Promise<ServiceProcess> => {
  const port = await freePort()
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true })
  const { child, stop } = spawnTracked(
    'service',
    process.execPath,
    ['--conditions=production', '--no-deprecation', ...flags, ...profiling, '--import', 'tsx', 'server.ts'],
    {
      cwd: ROOT,
      env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, () => output)
  return { child, pid: child.pid!, url, output: () => output, stop }
}
