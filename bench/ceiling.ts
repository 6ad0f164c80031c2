import type { ChildProcess } from 'node:child_process'
import path from 'node:path'

import { spawnTracked } from './cleanup'
import type { CeilingBodies } from './ceilingServer'

export type CeilingProcess = {
  child: ChildProcess
  pid: number
  /** The bare node:http server. */
  url: string
  /** The bare Express app in the same process. */
  expressUrl: string
  stop: () => Promise<void>
}

const SERVER = path.resolve(import.meta.dirname, 'ceilingServer.ts')

/** Starts the ceiling servers in their own process, so their CPU and memory are measured like the service's. */
export const startCeiling = async (bodies: CeilingBodies): Promise<CeilingProcess> => {
  const { child, stop } = spawnTracked('ceiling server', process.execPath, ['--no-deprecation', '--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const { port, expressPort } = await new Promise<{ port: number; expressPort: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; expressPort: number }))
    child.once('exit', (code, signal) => reject(new Error(`the ceiling server exited with ${signal ?? code} before listening`)))
    child.send(bodies)
  })
  return { child, pid: child.pid!, url: `http://127.0.0.1:${port}`, expressUrl: `http://127.0.0.1:${expressPort}`, stop }
}
