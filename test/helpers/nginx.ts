import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './freePort.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SAMPLE = path.join(ROOT, 'deploy/nginx.conf')
const SAMPLE_UPSTREAMS = ['127.0.0.1:3001', '127.0.0.1:3002']

/** Debian's nginx binary, or undefined when it is not installed (`apt-get install nginx-light`). */
export const findNginx = (): string | undefined =>
  ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0)

export type RunningNginx = { url: string; stop: () => Promise<void>; errorLog: () => string }

/**
 * Runs deploy/nginx.conf as it is, with only its upstream addresses and its `listen` replaced, in a temp prefix on a
 * random 127.0.0.1 port, in the foreground of a child process.
 */
export const startNginx = async (binary: string, upstreams: string[]): Promise<RunningNginx> => {
  const sample = fs.readFileSync(SAMPLE, 'utf8')
  for (const address of SAMPLE_UPSTREAMS) if (!sample.includes(`server ${address} `)) throw new Error(`${SAMPLE} no longer names ${address}`)
  if (!sample.includes('listen 80;')) throw new Error(`${SAMPLE} no longer has "listen 80;"`)

  const port = (await freePort()) as number
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'))
  // When the tests run as root, nginx's workers run as nobody: they must be able to reach the prefix.
  fs.chmodSync(prefix, 0o755)
  let site = sample.replace('listen 80;', `listen 127.0.0.1:${port};`)
  SAMPLE_UPSTREAMS.forEach((address, index) => {
    site = site.replace(`server ${address} `, upstreams[index] ? `server ${upstreams[index]} ` : '# removed ')
  })
  fs.writeFileSync(path.join(prefix, 'site.conf'), site)
  const errorLog = path.join(prefix, 'error.log')
  const temp = (name: string) => path.join(prefix, name)
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 256; }
http {
  access_log off;
  # Not in the sample: tells the test which process answered (after any failover, a list ending with it).
  add_header X-Upstream $upstream_addr always;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  scgi_temp_path ${temp('scgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  include ${path.join(prefix, 'site.conf')};
}
`,
  )
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}\n${readLog(errorLog)}`)
    try {
      await fetch(url)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}:\n${output}\n${readLog(errorLog)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url,
    errorLog: () => readLog(errorLog),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}

const readLog = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
