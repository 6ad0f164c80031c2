import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { checkArchive, unpackArchive } from '../../lib/backup/archiveReader'
import { foldersOf, judgeEntry, manifestEntryProblem, manifestPathProblem } from '../../lib/backup/archiveRules'
import { byteSize } from '../../lib/backup/byteSize'
import { fileDigest } from '../../lib/backup/fileDigest'
import { describeMediaFiles, listMediaFiles } from '../../lib/backup/mediaFiles'
import { libpqConnection } from '../../lib/backup/postgresTools'
import { isBookkeepingTable, whyNotEmpty } from '../../lib/backup/targetContents'
import { manifestSchema, type Manifest } from '../../lib/backup/manifest'
import { craftedManifest, digestOf, treeOf, writeCraftedArchive } from '../helpers/craftedArchive'

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

describe('what a restore writes from an archive', () => {
  const manifest: Manifest = manifestSchema.parse(JSON.parse(craftedManifest('sqlite', 'db', { 'a.png': 'aa', 'nested/b.webp': 'b' })))
  const listed = new Map([manifest.database, ...manifest.media.files].map((record) => [record.path, record]))
  const folders = foldersOf(manifest)
  const judge = (entry: { path: string; type?: string; size?: number; mode?: number }, written = new Set<string>()) =>
    judgeEntry({ type: 'File', size: 0, mode: 0o644, ...entry }, listed, folders, written)

  it('wants the manifest first, and no giant one', () => {
    expect(manifestEntryProblem({ path: 'manifest.json', type: 'File', size: 900 })).toBeUndefined()
    expect(manifestEntryProblem({ path: 'media/', type: 'Directory', size: 0 })).toBe('it has no manifest.json as its first entry')
    expect(manifestEntryProblem({ path: 'manifest.json', type: 'SymbolicLink', size: 0 })).toBe('it has no manifest.json as its first entry')
    expect(manifestEntryProblem({ path: 'manifest.json', type: 'File', size: 65 * 1024 * 1024 })).toMatch(/more than a manifest holds/)
  })

  it('writes listed files of the listed size, passes their folders, and refuses everything else', () => {
    expect(judge({ path: 'media/a.png', size: 2 })).toEqual({ write: listed.get('media/a.png') })
    expect(judge({ path: 'media/a.png', size: 2, mode: 0o777 })).toEqual({ write: listed.get('media/a.png') })
    expect(judge({ path: 'media/nested/', type: 'Directory' })).toEqual({ folder: 'media/nested' })
    expect(judge({ path: 'database', type: 'Directory' })).toEqual({ folder: 'database' })
    expect(judge({ path: 'media/a.png', size: 3 })).toEqual({ refuse: 'media/a.png is 3 bytes, but its manifest says 2' })
    expect(judge({ path: 'media/a.png', size: 2 }, new Set(['media/a.png']))).toEqual({ refuse: 'it holds media/a.png twice' })
    expect(judge({ path: 'media/c.png' })).toEqual({ refuse: 'it holds a file its manifest does not list (media/c.png)' })
    expect(judge({ path: 'media/other/', type: 'Directory' })).toEqual({ refuse: 'it holds a folder its manifest does not list (media/other)' })
    expect(judge({ path: 'media/a.png', size: 2, mode: 0o4644 })).toEqual({ refuse: 'media/a.png has a setuid, setgid or sticky bit (mode 4644)' })
    expect(judge({ path: 'media/a.png', size: 2, mode: 0o2644 })).toMatchObject({ refuse: expect.stringContaining('setgid') })
    expect(judge({ path: 'media/nested/', type: 'Directory', mode: 0o1777 })).toEqual({ refuse: 'media/nested has a setuid, setgid or sticky bit (mode 1777)' })
    for (const [type, words] of [
      ['SymbolicLink', 'a symbolic link'],
      ['Link', 'a hard link'],
      ['CharacterDevice', 'a device'],
      ['BlockDevice', 'a device'],
      ['FIFO', 'a FIFO'],
      ['GNUDumpDir', 'an entry of type GNUDumpDir'],
    ]) {
      expect(judge({ path: 'media/a.png', type })).toEqual({ refuse: `media/a.png is ${words}: a backup holds only files and folders` })
    }
  })

  it("refuses a manifest whose paths leave their place, repeat, or use a file as a folder", () => {
    const withMedia = (...paths: string[]): Manifest => ({ ...manifest, media: { files: paths.map((path) => ({ path, ...digestOf('') })), bytes: 0 } })
    expect(manifestPathProblem(manifest)).toBeUndefined()
    expect(manifestPathProblem({ ...manifest, database: { ...manifest.database, path: 'database/../x' } })).toBe('the database is listed as database/../x')
    for (const bad of ['media/../manifest.json', 'media//a.png', 'media/./a.png', 'database/x', 'media/a\u0000.png', '/media/a.png']) {
      expect(manifestPathProblem(withMedia(bad))).toBe(`${JSON.stringify(bad)} is outside its place`)
    }
    expect(manifestPathProblem(withMedia('media/a.png', 'media/a.png'))).toBe('media/a.png is listed twice')
    expect(manifestPathProblem(withMedia('media/a', 'media/a/b.png'))).toBe('media/a is listed both as a file and as a folder')
  })

  it('unpacks plain files 0644 and folders 0755 whatever modes the archive gives, after a check that writes nothing', async () => {
    const archive = path.join(dir, 'modes.tar.gz')
    writeCraftedArchive(archive, [
      { path: 'manifest.json', body: craftedManifest('sqlite', 'db', { 'a.png': 'aa', 'nested/b.webp': 'b' }), mode: 0o600 },
      { path: 'database/content.sqlite', body: 'db', mode: 0o600 },
      { path: 'media/', type: 'Directory', mode: 0o777 },
      { path: 'media/a.png', body: 'aa', mode: 0o777 },
      { path: 'media/nested/b.webp', body: 'b', mode: 0o700 },
    ])
    const checked = await checkArchive(archive)
    expect(checked.manifest.media.files.map((file) => file.path)).toEqual(['media/a.png', 'media/nested/b.webp'])
    const staging = fs.mkdtempSync(path.join(dir, 'staging-'))
    await unpackArchive(archive, staging, checked)
    expect(treeOf(staging)).toEqual([
      'database dir 755 ',
      'database/content.sqlite file 644 2',
      'media dir 755 ',
      'media/a.png file 644 2',
      'media/nested dir 755 ',
      'media/nested/b.webp file 644 1',
    ])
  })

  it('stops at a file whose bytes differ from the manifest, and at an archive that changed between the check and the unpacking', async () => {
    const archive = path.join(dir, 'changed.tar.gz')
    const write = (body: string) =>
      writeCraftedArchive(archive, [
        { path: 'manifest.json', body: craftedManifest('sqlite', 'db', { 'a.png': body }) },
        { path: 'database/content.sqlite', body: 'db' },
        { path: 'media/a.png', body: 'aa' },
      ])
    write('ab')
    await expect(checkArchive(archive)).rejects.toThrow(`${archive} is damaged: media/a.png does not match its checksum.`)
    write('aa')
    const checked = await checkArchive(archive)
    writeCraftedArchive(archive, [
      { path: 'manifest.json', body: craftedManifest('sqlite', 'db2', {}) },
      { path: 'database/content.sqlite', body: 'db2' },
    ])
    await expect(unpackArchive(archive, fs.mkdtempSync(path.join(dir, 'staging-')), checked)).rejects.toThrow(
      `${archive} changed while it was being restored. Nothing was changed.`,
    )
  })

  it('says which listed file is missing', async () => {
    const archive = path.join(dir, 'missing.tar.gz')
    writeCraftedArchive(archive, [{ path: 'manifest.json', body: craftedManifest('sqlite', 'db', { 'a.png': 'aa' }) }, { path: 'database/content.sqlite', body: 'db' }])
    await expect(checkArchive(archive)).rejects.toThrow(`${archive} is damaged: media/a.png is missing.`)
  })
})
