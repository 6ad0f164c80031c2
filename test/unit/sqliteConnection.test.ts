import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Client, createClient } from '@libsql/client'

import { renewConnectionAfterBusy, type Sqlite3Client } from '../../lib/db/sqliteConnection'

const BUSY_TIMEOUT_MS = 50

let directory: string
let service: Client
let otherProcess: Client
const warnings: string[] = []

const count = async (client: Client) => Number((await client.execute('SELECT count(*) FROM notes')).rows[0]?.[0])
const pragma = async (client: Client, name: string) => Number((await client.execute(`PRAGMA ${name}`)).rows[0]?.[0])
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { code?: string }) => error.code)

beforeEach(async () => {
  warnings.length = 0
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-connection-'))
  const url = `file:${path.join(directory, 'db.sqlite')}`
  service = createClient({ url })
  await service.execute('PRAGMA journal_mode = WAL')
  await service.execute('CREATE TABLE notes (text TEXT)')
  await service.execute("INSERT INTO notes VALUES ('first')")
  await service.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  await service.execute('PRAGMA synchronous = NORMAL')
  await renewConnectionAfterBusy(service as unknown as Sqlite3Client, { warn: (message) => warnings.push(message) })
  otherProcess = createClient({ url })
})

afterEach(() => {
  service.close()
  otherProcess.close()
  fs.rmSync(directory, { recursive: true, force: true })
  expect(warnings).toEqual([])
})

describe('a libsql client after a statement failed with SQLITE_BUSY', () => {
  it("reads what another connection committed after the failure, and writes again (libsql left the failed statement in progress: reads stayed on one snapshot, writes failed with SQLITE_BUSY_SNAPSHOT)", async () => {
    const lock = await otherProcess.transaction('write')
    expect(await failure(service.execute("INSERT INTO notes VALUES ('refused')"))).toBe('SQLITE_BUSY')
    expect(await count(service)).toBe(1)
    await lock.execute("INSERT INTO notes VALUES ('from elsewhere')")
    await lock.commit()

    expect(await count(service)).toBe(2)
    await service.execute("INSERT INTO notes VALUES ('after the lock')")
    expect(await count(otherProcess)).toBe(3)
  })

  it('commits its next transaction (the failed BEGIN stayed in progress and every COMMIT failed)', async () => {
    const lock = await otherProcess.transaction('write')
    expect(await failure(service.transaction('write'))).toBe('SQLITE_BUSY')
    await lock.rollback()

    const transaction = await service.transaction('write')
    await transaction.execute("INSERT INTO notes VALUES ('in a transaction')")
    await transaction.commit()
    expect(await count(otherProcess)).toBe(2)
  })

  it("gives the new connection the old one's settings, after a busy failure and after a transaction took the connection", async () => {
    const lock = await otherProcess.transaction('write')
    expect(await failure(service.execute("INSERT INTO notes VALUES ('refused')"))).toBe('SQLITE_BUSY')
    expect(await pragma(service, 'busy_timeout')).toBe(BUSY_TIMEOUT_MS)
    expect(await pragma(service, 'synchronous')).toBe(1)
    await lock.rollback()

    const transaction = await service.transaction('write')
    await transaction.commit()
    expect(await pragma(service, 'busy_timeout')).toBe(BUSY_TIMEOUT_MS)
    expect(await pragma(service, 'synchronous')).toBe(1)
  })

  it('keeps its connection through other failures', async () => {
    await service.execute('CREATE TEMP TABLE scratch (n INTEGER)')
    expect(await failure(service.execute('INSERT INTO missing VALUES (1)'))).toBe('SQLITE_ERROR')
    // A temporary table lives on one connection: still there, so the connection was kept.
    expect(Number((await service.execute('SELECT count(*) FROM scratch')).rows[0]?.[0])).toBe(0)
  })
})
