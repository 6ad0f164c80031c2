import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '@libsql/client'
import type { Payload } from 'payload'

import { sqliteReaderOf } from '../../lib/db/sqliteReader'

const payloadOn = (client: Client) => ({ db: { client } }) as unknown as Payload

describe('reads through the SQLite adapter’s client', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-reader-'))
  let client: Client

  beforeAll(async () => {
    client = createClient({ url: `file:${path.join(folder, 'test.db')}` })
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)')
    await client.execute("INSERT INTO notes (text) VALUES ('one'), ('two')")
  })

  afterAll(() => {
    client.close()
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('answers rows keyed by column, with parameters', async () => {
    expect(await sqliteReaderOf(payloadOn(client))('SELECT id, text FROM notes WHERE id > ? ORDER BY id', [0])).toEqual([
      { id: 1, text: 'one' },
      { id: 2, text: 'two' },
    ])
  })

  it('sees a write once it is committed, and not before', async () => {
    const read = sqliteReaderOf(payloadOn(client))
    const transaction = await client.transaction('write')
    try {
      await transaction.execute("INSERT INTO notes (text) VALUES ('three')")
      expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 2 }])
      await transaction.commit()
    } finally {
      transaction.close()
    }
    expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 3 }])
  })

  it('passes a statement’s error on, and keeps answering after it', async () => {
    const read = sqliteReaderOf(payloadOn(client))
    await expect(read('SELECT nope FROM notes', [])).rejects.toThrow(/no such column/)
    expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 3 }])
  })
})
