import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

import { SERVER_BUILD } from '../../scripts/build-server.mjs'
import { serverFlags } from '../../scripts/server-flags.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type ServerProcess = {
  child: ChildProcess
  output: () => string
  /** Resolves with the base URL once the start line is logged; rejects if the process exits first. */
  ready: Promise<string>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
}

/**
 * Runs the server as its own process, with only the given environment on top of PATH, and `nodeFlags` (such as
 * `--cpu-prof`) given to Node before the compiled `dist/server.mjs`, which the test run's setup builds once per run
 * (test/helpers/buildServerOnce.mjs): tsx compiled the sources anew in every process, 1.7 s of each start here.
 */
export const spawnServer = (env: Record<string, string>, nodeFlags: string[] = []): ServerProcess => {
  let output = ''
  const child = spawn(process.execPath, ['--conditions=production', '--no-deprecation', ...nodeFlags, SERVER_BUILD], {
    cwd: ROOT,
    env: { NODE_ENV: 'development', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  )
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Listening on (http:\/\/localhost:\d+)/.exec(output)
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'))
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then(({ code }) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)))
  })
  ready.catch(() => {})
  return { child, output: () => output, ready, exited }
}

/** Runs the server as `npm start` does, with the Node flags `npm start` chooses. */
export const spawnBuiltServer = (env: Record<string, string>, nodeFlags: string[] = []): ServerProcess =>
  spawnServer(env, [...serverFlags(env), ...nodeFlags])
