// A throwaway PostgreSQL cluster: initdb into a temp folder, started on a random loopback port, removed on stop.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './freePort.mjs'

const findBinDir = () => {
  const fromPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim()
  const candidates = [
    process.env.PG_BIN,
    ...fs.existsSync('/usr/lib/postgresql')
      ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [],
    fromPath ? path.dirname(fromPath) : undefined,
  ].filter(Boolean)
  const dir = candidates.find((candidate) => fs.existsSync(path.join(candidate, 'initdb')))
  if (!dir) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found; install postgresql or set PG_BIN')
  return dir
}


// PostgreSQL refuses to run as root; as root, the cluster belongs to the `postgres` system user.
const asClusterOwner = (command, args) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]

const run = (command, args) => {
  const [cmd, cmdArgs] = asClusterOwner(command, args)
  execFileSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * Starts a cluster and resolves to `{ url, stop, pause, resume }`; `url` connects as superuser `postgres` to database
 * `postgres`. `pause` stops the server (fast shutdown: open connections are terminated) and keeps its data and port;
 * `resume` starts it again, as a restart or an outage would. With `keepIn` (a folder), the cluster lives there and
 * outlives `stop`: a later call with the same folder starts it again with its data (the benchmark's `--reuse`).
 */
export const startPostgresCluster = async ({ keepIn } = {}) => {
  const binDir = findBinDir()
  const root = keepIn ? path.resolve(keepIn) : fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-pg-'))
  fs.mkdirSync(root, { recursive: true })
  const dataDir = path.join(root, 'data')
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', root])
  fs.chmodSync(root, 0o755)
  const port = await freePort()

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    run(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'])
  }
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  const start = () =>
    run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start'])
  start()

  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', keepIn ? 'fast' : 'immediate', '-w', 'stop'])
    } finally {
      if (!keepIn) fs.rmSync(root, { recursive: true, force: true })
    }
  }
  const pause = () => run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume: start }
}
