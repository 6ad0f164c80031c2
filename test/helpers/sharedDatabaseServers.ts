import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll } from 'vitest'

import { spawnServer } from './serverProcess'
import { createTestDatabase, type TestDatabase } from './testDatabase'

export const OWNER = { email: 'owner@example.com', password: 'a long enough password' }

/**
 * For a describe block whose service processes share one database (restarts, several processes): the database
 * and data folder live for the block, and `start` runs one more server process on them with `env` on top (first
 * admin OWNER, admin UI off, JOBS_POLL_MS=100).
 */
export const sharedDatabaseServers = (name: string, env: Record<string, string>) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `blog-service-${name}-`))
  let database: TestDatabase | undefined

  beforeAll(async () => {
    database = await createTestDatabase(dataDir)
  })

  afterAll(async () => {
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const start = () =>
    spawnServer({
      DATABASE_URL: database!.url,
      DATA_DIR: dataDir,
      ADMIN: 'false',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      JOBS_POLL_MS: '100',
      ...env,
    })
  /** The block's database (its kind and URL), for tests that look into it directly. */
  const database_ = () => {
    if (!database) throw new Error('the shared database is made in beforeAll')
    return database
  }
  return { start, database: database_ }
}

/** A JSON request to a server process: its status and parsed body (null when it has none). */
export const callApi = async (base: string, method: string, route: string, token?: string, body?: unknown) => {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}
