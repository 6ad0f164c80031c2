import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '@libsql/client'
import type { Payload } from 'payload'

import { closeSqliteReader, readThreadFile, sqliteReaderOf } from '../../lib/db/sqliteReader'

type FakeAdapter = { clientConfig: { url: string }; busyTimeout: number; client: Client }

const payloadOn = (db: FakeAdapter, warnings: string[] = []) => ({ db, logger: { warn: (message: string) => warnings.push(message) } }) as unknown as Payload

describe('readThreadFile', () => {
  it('finds the file of a file: URL and nothing for memory databases or URLs with options', () => {
    expect(readThreadFile('file:/tmp/a.db')).toBe('/tmp/a.db')
    expect(readThreadFile('file:///tmp/b.db')).toBe('/tmp/b.db')
    expect(readThreadFile('file:data/c.db')).toBe(path.resolve('data/c.db'))
    expect(readThreadFile('file::memory:')).toBeUndefined()
    expect(readThreadFile('file:/tmp/a.db?mode=ro')).toBeUndefined()
    expect(readThreadFile('libsql://example.org')).toBeUndefined()
    expect(readThreadFile(undefined)).toBeUndefined()
  })
})

describe('reads on a SQLite file, in a thread with its own connection', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-reader-'))
  const url = `file:${path.join(folder, 'test.db')}`
  let adapter: FakeAdapter

  beforeAll(async () => {
    const client = createClient({ url })
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)')
    await client.execute("INSERT INTO notes (text) VALUES ('one'), ('two')")
    adapter = { clientConfig: { url }, busyTimeout: 1000, client }
  })

  afterAll(async () => {
    await closeSqliteReader(adapter)
    adapter.client.close()
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('answers rows keyed by column, with parameters', async () => {
    const read = sqliteReaderOf(payloadOn(adapter))
    expect(await read('SELECT id, text FROM notes WHERE id > ? ORDER BY id', [0])).toEqual([
      { id: 1, text: 'one' },
      { id: 2, text: 'two' },
    ])
  })

  it('sees a write once it is committed, and not before', async () => {
    const read = sqliteReaderOf(payloadOn(adapter))
    const transaction = await adapter.client.transaction('write')
    try {
      await transaction.execute("INSERT INTO notes (text) VALUES ('three')")
      expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 2 }])
      await transaction.commit()
    } finally {
      transaction.close()
    }
    expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 3 }])
  })

  it('refuses writes', async () => {
    const read = sqliteReaderOf(payloadOn(adapter))
    await expect(read("INSERT INTO notes (text) VALUES ('four')", [])).rejects.toThrow(/readonly|read-only|query_only/i)
    expect((await adapter.client.execute('SELECT count(*) AS n FROM notes')).rows[0]?.n).toBe(3)
  })

  it('passes a statement’s error on, and keeps answering after it', async () => {
    const read = sqliteReaderOf(payloadOn(adapter))
    await expect(read('SELECT nope FROM notes', [])).rejects.toThrow(/no such column/)
    expect(await read('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 3 }])
  })
})

describe('closing', () => {
  it('reads on a connection of its own until closed, then through the adapter’s connection', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-reader-close-'))
    const url = `file:${path.join(folder, 'test.db')}`
    const client = createClient({ url })
    try {
      // A temporary table lives on the connection that made it: the adapter's client's.
      await client.execute('CREATE TEMP TABLE mine (x INTEGER)')
      const adapter = { clientConfig: { url }, busyTimeout: 1000, client }
      const read = sqliteReaderOf(payloadOn(adapter))
      await expect(read('SELECT count(*) AS n FROM mine', [])).rejects.toThrow(/no such table/)
      await closeSqliteReader(adapter)
      expect(await read('SELECT count(*) AS n FROM mine', [])).toEqual([{ n: 0 }])
    } finally {
      client.close()
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('reads without a thread', () => {
  it('a memory database is read through the adapter’s own client', async () => {
    const client = createClient({ url: 'file::memory:' })
    try {
      await client.execute('CREATE TABLE t (x INTEGER)')
      await client.execute('INSERT INTO t VALUES (7)')
      // A thread's connection would open a memory database of its own, without the table.
      expect(await sqliteReaderOf(payloadOn({ clientConfig: { url: 'file::memory:' }, busyTimeout: 0, client }))('SELECT x FROM t', [])).toEqual([{ x: 7 }])
    } finally {
      client.close()
    }
  })

  it('a file that cannot be opened in the thread falls back to the client, saying so', async () => {
    const client = createClient({ url: ':memory:' })
    const warnings: string[] = []
    try {
      const adapter = { clientConfig: { url: 'file:/nonexistent-folder/x.db' }, busyTimeout: 0, client }
      expect(await sqliteReaderOf(payloadOn(adapter, warnings))('SELECT 1 AS one', [])).toEqual([{ one: 1 }])
      expect(warnings.join('\n')).toMatch(/SQLite read thread stopped/)
      await closeSqliteReader(adapter)
    } finally {
      client.close()
    }
  })
})
