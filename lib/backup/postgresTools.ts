import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { BackupError } from './backupError'

const run = promisify(execFile)

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql'

/**
 * The folder of PostgreSQL's client programs: PG_BIN_DIR when set, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian's layout, not on PATH), else the folder of `pg_dump` on PATH. pg_dump must be as new as the server.
 */
export const findPostgresBinDir = (configured = process.env.PG_BIN_DIR): string => {
  const hasTools = (dir: string) => ['pg_dump', 'pg_restore', 'psql'].every((tool) => fs.existsSync(path.join(dir, tool)))
  if (configured) {
    if (!hasTools(configured)) throw new BackupError(`PG_BIN_DIR=${configured} does not hold pg_dump, pg_restore and psql.`)
    return configured
  }
  const debianRoot = '/usr/lib/postgresql'
  const versions = fs.existsSync(debianRoot)
    ? fs
        .readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const onPath = spawnSync('sh', ['-c', 'command -v pg_dump'], { encoding: 'utf8' }).stdout.trim()
  const found = [...versions.map((version) => path.join(debianRoot, version, 'bin')), ...(onPath ? [path.dirname(onPath)] : [])].find(hasTools)
  if (!found) throw new BackupError('PostgreSQL client programs (pg_dump, pg_restore, psql) not found: install them or set PG_BIN_DIR.')
  return found
}

/**
 * The connection as libpq programs take it: the URL without its password, which goes in PGPASSWORD instead, so it
 * does not show in the process list.
 */
export const libpqConnection = (databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } => {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } }
}

/** Runs one query with psql and returns its output (unaligned, tuples only). */
export const psqlQuery = async (binDir: string, databaseUrl: string, sql: string): Promise<string> => {
  const { url, env } = libpqConnection(databaseUrl)
  try {
    const { stdout } = await run(path.join(binDir, 'psql'), ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], {
      env,
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    })
    return stdout.trim()
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message
    throw new BackupError(`psql failed: ${detail}`)
  }
}

/** The first line of a tool's `--version`, such as `pg_dump (PostgreSQL) 15.14`. */
export const toolVersion = async (binDir: string, tool: PostgresTool): Promise<string> =>
  (await run(path.join(binDir, tool), ['--version'])).stdout.trim()

/** Runs pg_dump or pg_restore to completion; a failure carries the tool's own message. */
export const runPostgresTool = async (binDir: string, tool: PostgresTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> => {
  try {
    await run(path.join(binDir, tool), args, { env, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message
    throw new BackupError(`${tool} failed: ${detail}`)
  }
}
