import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '@libsql/client'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig, getPayload, type Payload } from 'payload'

import '../../lib/skipDependencyCheck'
import { closeDatabase } from '../../lib/db/closeDatabase'
import { migrations } from '../../migrations/sqlite'
import { spawnServer } from '../helpers/serverProcess'

/**
 * A SQLite database written by the release before ids were made never to be reused (commit 873b094, in production
 * mode, through its Local API and /api: users, categories, media, articles with versions, views and likes, projects,
 * resources with downloads, a gallery, preferences and a locked document; some records deleted, and one article took
 * a deleted one's id, as that release did).
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/databases/release-873b094.db')
/** The same content written by that release in development, where Payload pushes the schema instead of migrating. */
const DEVELOPMENT_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/databases/release-873b094-development.db')
const MIGRATION = '20261127_165442_ids_never_reused'
/** The migrations up to that one: later ones add indexes of their own, which this test does not expect. */
const UP_TO_MIGRATION = migrations.slice(0, migrations.findIndex(({ name }) => name === MIGRATION) + 1)
const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' }

type Dump = Record<string, unknown[]>

const tableNames = async (client: Client) =>
  (await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)).rows.map((row) => String(row.name))

/** Every row of every table, sorted (the search index's tables included; some have no rowid to order by). */
const dump = async (client: Client): Promise<Dump> => {
  const tables: Dump = {}
  for (const table of await tableNames(client)) {
    const rows = (await client.execute(`SELECT * FROM "${table}"`)).rows.map((row) => ({ ...row }))
    tables[table] = rows.map((row) => [JSON.stringify(row, (_, value) => (value instanceof ArrayBuffer ? Buffer.from(value).toString('hex') : value)), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row)
  }
  return tables
}

const companions = async (client: Client) =>
  (await client.execute(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`)).rows.map((row) => ({ ...row }))

const autoIncremented = async (client: Client) =>
  (await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' ORDER BY name`)).rows.map((row) => String(row.name))

const withoutMigrationRow = ({ payload_migrations: list, ...rest }: Dump) => ({ ...rest, payload_migrations: (list ?? []).filter((row) => Reflect.get(row as object, 'name') !== MIGRATION) })

const skip = () => {
  if (process.env.TEST_DATABASE_URL) {
    console.log('release upgrade: a SQLite file made by the earlier release; the Postgres schema did not change (no migration)')
    return true
  }
  return false
}

describe("a database made by the last release's code", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-upgrade-'))
  const file = path.join(dataDir, 'release.db')
  const url = `file:${file}`
  let client: Client
  let before: Dump
  let payload: Payload | undefined

  beforeAll(async () => {
    if (skip()) return
    fs.copyFileSync(FIXTURE, file)
    client = createClient({ url })
    before = await dump(client)
    payload = await getPayload({
      config: buildConfig({ secret: 'release-upgrade-test', db: sqliteAdapter({ client: { url }, push: false }), collections: [], telemetry: false }),
      disableOnInit: true,
    })
  })

  afterAll(async () => {
    client?.close()
    if (payload) await closeDatabase(payload)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('migrates keeping every row of every table, every index and trigger, and back on down', async () => {
    if (skip()) return
    const indexesBefore = await companions(client)
    expect(before.articles).toHaveLength(4)
    expect(await autoIncremented(client)).toEqual([])

    await payload!.db.migrate({ migrations: UP_TO_MIGRATION as never })
    const after = await dump(client)
    expect(after.payload_migrations!.map((row) => Reflect.get(row as object, 'name'))).toContain(MIGRATION)
    expect(withoutMigrationRow(after)).toEqual(before)
    expect(await companions(client)).toEqual(indexesBefore)
    expect(await autoIncremented(client)).toEqual(expect.arrayContaining(['articles', '_articles_v', 'categories', 'counters', 'media', 'projects', 'resources', 'users']))
    // The sequence starts at the highest id each table holds.
    const sequence = Object.fromEntries((await client.execute('SELECT name, seq FROM sqlite_sequence')).rows.map((row) => [row.name, Number(row.seq)]))
    const highestId = (table: string) => Math.max(...before[table]!.map((row) => Number(Reflect.get(row as object, 'id'))))
    expect(sequence).toMatchObject(Object.fromEntries(['articles', 'projects', 'resources', 'categories', 'counters', 'media', 'users'].map((table) => [table, highestId(table)])))

    // `down`, in a transaction as Payload runs it.
    const migration = migrations.find(({ name }) => name === MIGRATION)!
    const drizzle = Reflect.get(payload!.db, 'drizzle') as { transaction: (run: (tx: unknown) => Promise<void>) => Promise<void> }
    await drizzle.transaction((tx) => migration.down({ db: tx, payload: payload!, req: {} } as never))
    await client.execute({ sql: 'DELETE FROM payload_migrations WHERE name = ?', args: [MIGRATION] })
    expect(await dump(client)).toEqual(before)
    expect(await autoIncremented(client)).toEqual([])
    expect(await companions(client)).toEqual(indexesBefore)
    await payload!.db.migrate({ migrations: UP_TO_MIGRATION as never })
    expect(withoutMigrationRow(await dump(client))).toEqual(before)
  })

  it('serves the same counts, likes and links in production, and never hands out an earlier id again', async () => {
    if (skip()) return
    await closeDatabase(payload!)
    payload = undefined
    const server = spawnServer({ NODE_ENV: 'production', PAYLOAD_SECRET: 'release-upgrade-test', DATABASE_URL: url, DATA_DIR: dataDir, ADMIN: 'false' })
    try {
      const base = await server.ready
      const get = async (route: string) => (await (await fetch(base + route)).json()).data
      expect(await get('/api/articles/1')).toMatchObject({ id: 1, viewCount: 8, likeCount: 2, categoryId: 1, categoryName: 'News', authorName: 'Owner' })
      expect(await get('/api/articles/4')).toMatchObject({ id: 4, title: 'Takes a freed id', viewCount: 1, likeCount: 1, categoryName: 'Notes', authorName: 'Editor' })
      expect(await get('/api/projects/1')).toMatchObject({ id: 1, viewCount: 5 })
      expect((await get('/api/resources')).map((resource: { id: number; downloadCount: number }) => [resource.id, resource.downloadCount])).toEqual(
        expect.arrayContaining([
          [1, 3],
          [2, 1],
        ]),
      )

      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(OWNER) })
      const headers = { Authorization: `Bearer ${(await login.json()).data.token}`, 'Content-Type': 'application/json' }
      const createArticle = async (title: string) => {
        const res = await fetch(`${base}/cms-api/articles`, { method: 'POST', headers, body: JSON.stringify({ title, content: 'New', category: 2, status: 'published' }) })
        return Number((await res.json()).doc.id)
      }
      const created = await createArticle('After the upgrade')
      expect(created).toBeGreaterThan(Math.max(...before.articles!.map((row) => Number(Reflect.get(row as object, 'id')))))
      expect((await fetch(`${base}/cms-api/articles/${created}`, { method: 'DELETE', headers })).status).toBe(200)
      expect(await createArticle('After a delete')).toBeGreaterThan(created)
      const versions = await (await fetch(`${base}/cms-api/articles/versions?where[parent][equals]=1&limit=0&depth=0`, { headers })).json()
      expect(versions.totalDocs).toBe(before._articles_v!.filter((row) => Reflect.get(row as object, 'parent_id') === 1).length)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  it('starts in development on one it pushed, keeping every row, with AUTOINCREMENT', async () => {
    if (skip()) return
    const devDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-upgrade-dev-'))
    const devUrl = `file:${path.join(devDir, 'release.db')}`
    fs.copyFileSync(DEVELOPMENT_FIXTURE, path.join(devDir, 'release.db'))
    const devClient = createClient({ url: devUrl })
    const pushed = await dump(devClient)
    expect(await autoIncremented(devClient)).toEqual([])
    const server = spawnServer({ NODE_ENV: 'development', PAYLOAD_SECRET: 'release-upgrade-test', DATABASE_URL: devUrl, DATA_DIR: devDir, ADMIN: 'false' })
    try {
      await server.ready
      server.child.kill('SIGTERM')
      expect((await server.exited).code).toBe(0)
      const after = await dump(devClient)
      for (const table of ['articles', '_articles_v', 'counters', 'article_likes', 'categories', 'users', 'media', 'galleries_images', 'projects_texts', 'payload_locked_documents_rels']) {
        expect([table, after[table]]).toEqual([table, pushed[table]])
      }
      expect(await autoIncremented(devClient)).toEqual(expect.arrayContaining(['articles', 'counters', 'projects', 'resources']))
    } finally {
      devClient.close()
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
      fs.rmSync(devDir, { recursive: true, force: true })
    }
  })
})

describe('the long columns of articles and projects moved to the end of their rows (SQLite)', () => {
  const LONG_COLUMNS_LAST = '20261203_211410_long_columns_last'
  const at = migrations.findIndex(({ name }) => name === LONG_COLUMNS_LAST)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-columns-'))
  const url = `file:${path.join(dataDir, 'release.db')}`
  let client: Client
  let payload: Payload

  beforeAll(async () => {
    if (skip()) return
    fs.copyFileSync(FIXTURE, path.join(dataDir, 'release.db'))
    client = createClient({ url })
    payload = await getPayload({
      config: buildConfig({ secret: 'release-upgrade-test', db: sqliteAdapter({ client: { url }, push: false }), collections: [], telemetry: false }),
      disableOnInit: true,
    })
    await payload.db.migrate({ migrations: migrations.slice(0, at) as never })
  })

  afterAll(async () => {
    client?.close()
    if (payload) await closeDatabase(payload)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const columns = async (table: string) => (await client.execute(`SELECT name FROM pragma_table_info('${table}')`)).rows.map((row) => String(row.name))

  it('keeps every row of every table, index and trigger; only the order of those columns changes', async () => {
    if (skip()) return
    const before = await dump(client)
    const companionsBefore = await companions(client)
    const [articles, projects] = [await columns('articles'), await columns('projects')]
    expect(articles.slice(-3)).not.toEqual(['toc', 'content', 'content_rich_text'])

    await payload.db.migrate({ migrations: migrations.slice(0, at + 1) as never })
    const after = await dump(client)
    expect(after.payload_migrations!.map((row) => Reflect.get(row as object, 'name'))).toContain(LONG_COLUMNS_LAST)
    expect({ ...after, payload_migrations: before.payload_migrations }).toEqual(before)
    expect(before.articles!.some((row) => String(Reflect.get(row as object, 'content_rich_text') ?? '').length > 100)).toBe(true)
    expect(await companions(client)).toEqual(companionsBefore)
    expect((await client.execute('PRAGMA foreign_key_check')).rows).toEqual([])
    expect(await columns('articles')).toEqual([...articles.filter((name) => !['toc', 'content', 'content_rich_text'].includes(name)), 'toc', 'content', 'content_rich_text'])
    expect(await columns('projects')).toEqual([...projects.filter((name) => !['content', 'content_rich_text'].includes(name)), 'content', 'content_rich_text'])
  })
})
