import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter, sql as postgresSql } from '@payloadcms/db-postgres'
import { sqliteAdapter, sql as sqliteSql } from '@payloadcms/db-sqlite'
import { buildConfig, getPayload, type Payload } from 'payload'

import { migrations as postgresMigrations } from '../../migrations/postgres'
import { migrations as sqliteMigrations } from '../../migrations/sqlite'
import '../../lib/skipDependencyCheck'
import { closeDatabase } from '../../lib/db/closeDatabase'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

type Migration = { name: string; up: (args: never) => Promise<void>; down: (args: never) => Promise<void> }
type Rows = Record<string, unknown>[]

const COUNTERS_MIGRATION = /_counters_table$/

/**
 * The migration that moved the counts into their own table, run on a database that the earlier migrations built
 * and that holds counts the old way: every count arrives, each record gets its own row, and `down` brings them back.
 */
describe('the counters migration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'counters-migration-'))
  let database: TestDatabase
  let payload: Payload | undefined
  let query: (text: string) => Promise<Rows>
  let run: (migration: Migration, direction: 'up' | 'down') => Promise<void>
  let list: Migration[]

  beforeAll(async () => {
    database = await createTestDatabase(dataDir)
    if (database.kind === 'mongodb') return
    // No schema push and no collections: the tables are exactly what the migrations make.
    const db =
      database.kind === 'postgres'
        ? postgresAdapter({ pool: { connectionString: database.url }, push: false })
        : sqliteAdapter({ client: { url: database.url }, push: false })
    payload = await getPayload({ config: buildConfig({ secret: 'counters-migration-test', db, collections: [], telemetry: false }), disableOnInit: true })
    const drizzle = Reflect.get(payload.db, 'drizzle') as {
      run?: (statement: unknown) => Promise<unknown>
      all?: (statement: unknown) => Promise<Rows>
      execute?: (statement: unknown) => Promise<{ rows: Rows }>
    }
    if (database.kind === 'postgres') {
      list = postgresMigrations
      query = async (text) => (await drizzle.execute!(postgresSql.raw(text))).rows
    } else {
      list = sqliteMigrations
      query = async (text) => (/^\s*select|returning/i.test(text) ? drizzle.all!(sqliteSql.raw(text)) : (await drizzle.run!(sqliteSql.raw(text)), []))
    }
    run = (migration, direction) => migration[direction]({ db: drizzle, payload, req: {} } as never)
  })

  afterAll(async () => {
    if (payload) await closeDatabase(payload)
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('carries every view, like and download into a counters row of its record, and back on down', async () => {
    if (database.kind === 'mongodb') {
      console.log('counters migration: skipped on MongoDB, which has no SQL migrations')
      return
    }
    const at = list.findIndex(({ name }) => COUNTERS_MIGRATION.test(name))
    expect(at).toBeGreaterThan(0)
    for (const migration of list.slice(0, at)) await run(migration, 'up')

    // Ids that overlap across the three tables, as they do on every real site.
    await query(`INSERT INTO categories (id, name, type) VALUES (1, 'News', 'article')`)
    await query(`INSERT INTO articles (id, title, content, category_id, status, view_count, like_count) VALUES
      (1, 'One', 'x', 1, 'published', 120, 7), (2, 'Two', 'x', 1, 'draft', 0, 0), (5, 'Five', 'x', 1, 'published', 3, 1)`)
    await query(`INSERT INTO _articles_v (parent_id, version_title, version_content, version_category_id, version_status, version_view_count)
      VALUES (1, 'One', 'x', 1, 'published', 99)`)
    await query(`INSERT INTO projects (id, title, description, status, view_count, like_count) VALUES (1, 'P1', 'd', 'published', 40, 2), (3, 'P3', 'd', 'draft', 9, 0)`)
    await query(`INSERT INTO resources (id, title, file_url, status, download_count) VALUES (1, 'R1', 'https://example.com/a', 'active', 15), (2, 'R2', 'https://example.com/b', 'active', 0)`)

    await run(list[at]!, 'up')

    const counted = async (table: string) =>
      (await query(`SELECT t.id, c.views, c.likes, c.downloads FROM ${table} t JOIN counters c ON c.id = t.counters_id ORDER BY t.id`)).map((row) => [
        Number(row.id),
        Number(row.views),
        Number(row.likes),
        Number(row.downloads),
      ])
    expect(await counted('articles')).toEqual([
      [1, 120, 7, 0],
      [2, 0, 0, 0],
      [5, 3, 1, 0],
    ])
    expect(await counted('projects')).toEqual([
      [1, 40, 2, 0],
      [3, 9, 0, 0],
    ])
    expect(await counted('resources')).toEqual([
      [1, 0, 0, 15],
      [2, 0, 0, 0],
    ])
    // One row per record, none shared, and a new row takes an id after them (Postgres: the sequence was moved on).
    const [{ links, rows }] = (await query(
      `SELECT count(*) AS links, count(DISTINCT counters_id) AS rows FROM (SELECT counters_id FROM articles UNION ALL SELECT counters_id FROM projects UNION ALL SELECT counters_id FROM resources) linked`,
    )) as [{ links: unknown; rows: unknown }]
    expect([Number(links), Number(rows)]).toEqual([7, 7])
    expect(Number((await query('SELECT count(*) AS n FROM counters'))[0]!.n)).toBe(7)
    const created = await query(`INSERT INTO counters (views) VALUES (0) RETURNING id`)
    expect(Number(created[0]!.id)).toBeGreaterThan(Math.max(...(await query('SELECT id FROM counters')).map(({ id }) => Number(id)).filter((id) => id !== Number(created[0]!.id))))
    // A revision points at its record's row.
    expect(Number((await query('SELECT version_counters_id AS row FROM _articles_v WHERE parent_id = 1'))[0]!.row)).toBe(
      Number((await query('SELECT counters_id AS row FROM articles WHERE id = 1'))[0]!.row),
    )

    await run(list[at]!, 'down')
    expect((await query('SELECT id, view_count, like_count FROM articles ORDER BY id')).map((row) => [Number(row.id), Number(row.view_count), Number(row.like_count)])).toEqual([
      [1, 120, 7],
      [2, 0, 0],
      [5, 3, 1],
    ])
    expect((await query('SELECT id, view_count FROM projects ORDER BY id')).map((row) => [Number(row.id), Number(row.view_count)])).toEqual([
      [1, 40],
      [3, 9],
    ])
    expect((await query('SELECT id, download_count FROM resources ORDER BY id')).map((row) => [Number(row.id), Number(row.download_count)])).toEqual([
      [1, 15],
      [2, 0],
    ])
  })
})
