import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { byteSize } from '../../lib/backup/byteSize'
import { fileDigest } from '../../lib/backup/fileDigest'
import { describeMediaFiles, listMediaFiles } from '../../lib/backup/mediaFiles'
import { libpqConnection } from '../../lib/backup/postgresTools'
import { isBookkeepingTable, whyNotEmpty } from '../../lib/backup/targetContents'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-rules-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('what counts as an empty restore target', () => {
  it('no tables at all is empty', () => {
    expect(whyNotEmpty({ tables: 0, hasMigrationsTable: false, filledTables: [] })).toBeUndefined()
  })

  it("this service's database with only bookkeeping rows is empty", () => {
    expect(whyNotEmpty({ tables: 40, hasMigrationsTable: true, filledTables: [] })).toBeUndefined()
    for (const table of ['payload_migrations', 'payload_jobs', 'payload_preferences_rels', 'job_leases', 'libsql_search_v2_data']) {
      expect(isBookkeepingTable(table)).toBe(true)
    }
    for (const table of ['users', 'articles', '_articles_v', 'site', 'webhooks', 'media', 'job_postings']) expect(isBookkeepingTable(table)).toBe(false)
  })

  it('tables without payload_migrations belong to something else and are never empty', () => {
    expect(whyNotEmpty({ tables: 3, hasMigrationsTable: false, filledTables: [] })).toBe(
      'it holds 3 tables but no payload_migrations table, so it is not a database of this service',
    )
  })

  it('names the filled tables, users first, version tables last, at most six', () => {
    const filledTables = ['_articles_v', 'articles', 'users', 'skills', 'categories', 'media', 'projects', 'site'].map((table, index) => ({ table, rows: index + 1 }))
    expect(whyNotEmpty({ tables: 40, hasMigrationsTable: true, filledTables })).toBe(
      'it holds content: rows in users (3), articles (2), categories (5), media (6), projects (7), site (8) and 2 more tables',
    )
  })
})

describe('libpq connection', () => {
  it('moves the password from the URL into PGPASSWORD, decoded', () => {
    const { url, env } = libpqConnection('postgres://blog:p%40ss%2Fword@db.example.com:5433/blog?sslmode=require')
    expect(url).toBe('postgres://blog@db.example.com:5433/blog?sslmode=require')
    expect(env.PGPASSWORD).toBe('p@ss/word')
  })

  it('leaves PGPASSWORD alone without a password', () => {
    const { url, env } = libpqConnection('postgres://postgres@127.0.0.1:5432/postgres')
    expect(url).toBe('postgres://postgres@127.0.0.1:5432/postgres')
    expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD)
  })
})

describe('media files and digests', () => {
  it('lists files below the media folder with / paths, and none for a missing folder', async () => {
    const media = path.join(dir, 'media')
    fs.mkdirSync(path.join(media, 'nested'), { recursive: true })
    fs.writeFileSync(path.join(media, 'b.png'), 'bb')
    fs.writeFileSync(path.join(media, 'nested', 'a.webp'), 'a')
    expect(listMediaFiles(media)).toEqual(['b.png', 'nested/a.webp'])
    expect(listMediaFiles(path.join(dir, 'missing'))).toEqual([])
    expect(await describeMediaFiles(media)).toEqual([
      { path: 'media/b.png', bytes: 2, sha256: '3b64db95cb55c763391c707108489ae18b4112d783300de38e033b4c98c3deaf' },
      { path: 'media/nested/a.webp', bytes: 1, sha256: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb' },
    ])
  })

  it('digests a file larger than one read chunk', async () => {
    const file = path.join(dir, 'large.bin')
    fs.writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 7))
    expect(await fileDigest(file)).toEqual({ bytes: 3 * 1024 * 1024, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  it('writes sizes for people', () => {
    expect([byteSize(812), byteSize(14_200), byteSize(3_100_000), byteSize(1_400_000_000)]).toEqual(['812 B', '14.2 kB', '3.1 MB', '1.4 GB'])
  })
})
