import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { spawnServer } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const folders: string[] = []
const databases: TestDatabase[] = []

afterAll(async () => {
  for (const database of databases) await database.drop()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

/** Starts the service on `database`, posts a wall message as a visitor, and stops it; returns what happened. */
const startAndPost = async (database: TestDatabase, dataDir: string, nodeEnv: 'development' | 'production', moderation: boolean | undefined) => {
  const server = spawnServer({
    NODE_ENV: nodeEnv,
    PAYLOAD_SECRET: 'wall-moderation-switch',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN: 'false',
    ...(moderation === undefined ? {} : { WALL_MODERATION: String(moderation) }),
  })
  try {
    const base = await server.ready
    const posted = await fetch(`${base}/api/wall-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nickname: 'Visitor', content: `moderation ${String(moderation)}` }),
    })
    const body = await posted.json()
    const listed = (await (await fetch(`${base}/api/wall-messages?limit=100`)).json()).data.map((message: { id: number }) => message.id)
    return { status: posted.status, moderation: body.moderation as string | undefined, listed: listed.includes(body.data.id) }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}

describe.each(['development', 'production'] as const)('switching WALL_MODERATION and restarting (%s)', (nodeEnv) => {
  it('starts each time on the same database, and new messages follow the setting of the moment', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wall-switch-${nodeEnv}-`))
    folders.push(dataDir)
    const database = await createTestDatabase(dataDir)
    databases.push(database)

    // Off by default, then switched on. The schema is the same for every setting (test/unit/settingsKeepSchema.test.ts),
    // so no later switch needs a start of its own.
    expect(await startAndPost(database, dataDir, nodeEnv, undefined)).toEqual({ status: 201, moderation: undefined, listed: true })
    expect(await startAndPost(database, dataDir, nodeEnv, true)).toEqual({ status: 201, moderation: 'pending', listed: false })
  })
})
