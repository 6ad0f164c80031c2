import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tar from 'tar'

import { findPostgresBinDir, psqlQuery } from '../../lib/backup/postgresTools'
import { restoreBackup } from '../../lib/backup/restoreBackup'
import { createBackup } from '../../lib/backup/createBackup'
import { readEnv } from '../../lib/env'
import { createAccount } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { commandArgs } from '../helpers/commandLine'
import { createArticle, createCategory, createProject } from '../helpers/content'
import { craftedManifest, type CraftedEntry, treeOf, writeCraftedArchive } from '../helpers/craftedArchive'
import { uploadImage } from '../helpers/media'
import { spawnServer, type ServerProcess } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

// Backup and restore through the real commands (`npm run backup`, `npm run restore`), on the database the suite runs
// on (SQLite here, Postgres in test:postgres). The services run in production mode: migrations build the schema,
// as on a real server, and the restored database must start the same way.
const ROOT = path.resolve(import.meta.dirname, '../..')
const SECRET = 'backup-test-secret'
const system = { overrideAccess: true } as const

type Target = { dataDir: string; database: TestDatabase }
type Outcome = { code: number | null; stdout: string; stderr: string; startedAt: number; endedAt: number }

const commandEnv = (target: { dataDir: string; url: string }) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NODE_ENV: 'production' as const,
  PAYLOAD_SECRET: SECRET,
  DATA_DIR: target.dataDir,
  DATABASE_URL: target.url,
})

/** Runs a command without blocking this process (the burst of writes goes on meanwhile). */
const runCommand = (command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> => {
  const startedAt = Date.now()
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, startedAt, endedAt: Date.now() })))
}
const npmRun = (script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) => runCommand('npm', ['run', '--silent', script, '--', ...args], env)
const nodeRun = (script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) =>
  runCommand(process.execPath, commandArgs(script, args), env)

const newTarget = async (): Promise<Target> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-restore-'))
  return { dataDir, database: await createTestDatabase(dataDir) }
}
const targetEnv = (target: Target) => commandEnv({ dataDir: target.dataDir, url: target.database.url })

/** What the target database holds: its articles, wall messages and users, as one string (or why it cannot be read). */
const FINGERPRINT_SQL = {
  sqlite:
    "SELECT (SELECT group_concat(id || ':' || title || ':' || updated_at, ',') FROM articles) || '|' || " +
    "(SELECT group_concat(id || ':' || content, ',') FROM wall_messages) || '|' || (SELECT group_concat(email, ',') FROM users) AS print",
  postgres:
    "SELECT (SELECT string_agg(id || ':' || title || ':' || updated_at, ',' ORDER BY id) FROM articles) || '|' || " +
    "(SELECT string_agg(id || ':' || content, ',' ORDER BY id) FROM wall_messages) || '|' || (SELECT string_agg(email, ',' ORDER BY id) FROM users)",
}
/** One value read from the target database with its own connection, outside this process. */
const queryTarget = async (target: Target, sql: { sqlite: string; postgres: string }): Promise<string> => {
  if (target.database.kind === 'postgres') return psqlQuery(findPostgresBinDir(), target.database.url, sql.postgres)
  if (!fs.existsSync(target.database.url.slice('file:'.length))) return 'no file'
  // In a process of its own: libsql's close() leaves the file locked until garbage collection, and a lock held by
  // this process would make the restore command see the database as in use.
  const script = `const { createClient } = await import('@libsql/client')
    const client = createClient({ url: process.argv[1] })
    process.stdout.write(String(Object.values((await client.execute(process.argv[2])).rows[0])[0]))`
  const read = spawnSync(process.execPath, ['--input-type=module', '-e', script, target.database.url, sql.sqlite], { cwd: ROOT, encoding: 'utf8' })
  if (read.status !== 0) throw new Error(read.stderr)
  return read.stdout
}
const fingerprint = (target: Target) => queryTarget(target, FINGERPRINT_SQL).catch((error: Error) => `unreadable: ${error.message}`)
const mediaListing = (target: Target) => {
  const dir = path.join(target.dataDir, 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}
const leftovers = (target: Target) => fs.readdirSync(target.dataDir).filter((name) => name.startsWith('.restore-'))

/** All items of a paged /api list. */
const allItems = async (base: string, route: string): Promise<{ id: number; title?: string; content?: string }[]> => {
  const items: { id: number; title?: string; content?: string }[] = []
  for (let page = 1; page < 100; page++) {
    const res = await fetch(`${base}${route}?limit=100&page=${page}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: { id: number }[] }
    if (body.data.length === 0) break
    items.push(...body.data)
  }
  return items
}

const ARTICLE_LIST_KEYS = ['category', 'comments', 'cover', 'date', 'excerpt', 'id', 'slug', 'title', 'views']
const ARTICLE_DETAIL_KEYS = [
  'authorId', 'authorName', 'categoryId', 'categoryName', 'content', 'coverImage', 'createdAt', 'excerpt', 'id', 'likeCount',
  'readingTimeMinutes', 'slug', 'status', 'title', 'toc', 'updatedAt', 'viewCount',
]
const PROJECT_LIST_KEYS = ['coverImage', 'createdAt', 'demoUrl', 'description', 'id', 'likeCount', 'repoUrl', 'status', 'techStack', 'title', 'viewCount']

const getJson = async (base: string, route: string) => {
  const res = await fetch(`${base}${route}`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data: never } }
}
const keysOf = (value: object) => Object.keys(value).sort()

/** The public contract's shapes (API.md), as the contract tests assert them, on the restored service. */
const checkPublicContract = async (base: string, setup: { articleId: number; galleryId: number; imageFile: string }) => {
  const home = await getJson(base, '/api/home')
  expect(home.status).toBe(200)
  expect(keysOf(home.body.data)).toEqual(['carousels', 'featuredProjects', 'hero', 'latestArticles', 'skills', 'stats'])
  expect(home.body.data).toMatchObject({ hero: { title: 'Backed-up hero' }, skills: [{ name: 'TypeScript', category: 'frontend', level: 90 }] })
  for (const item of (home.body.data as { latestArticles: object[] }).latestArticles) {
    expect(keysOf(item)).toEqual(['coverImage', 'createdAt', 'excerpt', 'id', 'title'])
  }

  const articles = await getJson(base, '/api/articles')
  expect(articles.status).toBe(200)
  expect(keysOf(articles.body)).toEqual(['data', 'pagination', 'success'])
  for (const item of articles.body.data as object[]) expect(keysOf(item)).toEqual(ARTICLE_LIST_KEYS)
  const article = await getJson(base, `/api/articles/${setup.articleId}`)
  expect(article.status).toBe(200)
  expect(keysOf(article.body.data)).toEqual(ARTICLE_DETAIL_KEYS)
  expect(article.body.data).toMatchObject({ id: setup.articleId, title: 'Kept article', categoryName: 'Notes', status: 'published' })
  expect((await getJson(base, '/api/articles/999999')).status).toBe(404)

  const projects = await getJson(base, '/api/projects')
  expect(projects.status).toBe(200)
  expect(keysOf(projects.body)).toEqual(['data', 'limit', 'page', 'success', 'total', 'totalPages'])
  expect(projects.body.total).toBe(1)
  for (const item of projects.body.data as object[]) expect(keysOf(item)).toEqual(PROJECT_LIST_KEYS)

  const resources = await getJson(base, '/api/resources')
  expect(resources.status).toBe(200)
  expect(keysOf(resources.body)).toEqual(['data', 'limit', 'page', 'success', 'total'])
  expect(resources.body.data).toHaveLength(1)
  for (const item of resources.body.data as object[]) expect(keysOf(item)).toEqual(['createdAt', 'description', 'downloadCount', 'fileSize', 'id', 'title'])

  const galleries = await getJson(base, '/api/galleries')
  expect(galleries.status).toBe(200)
  expect(galleries.body.data).toEqual([{ id: setup.galleryId, title: 'Trip', description: null, coverImage: expect.stringMatching(/\.png$/), imageCount: 2 }])
  const gallery = await getJson(base, `/api/galleries/${setup.galleryId}`)
  expect(gallery.status).toBe(200)
  expect(keysOf(gallery.body.data)).toEqual(['coverImage', 'description', 'id', 'images', 'title'])
  const images = (gallery.body.data as { images: { url: string; thumbnail: string }[] }).images
  expect(images).toHaveLength(2)
  expect(images[0]!.url).toMatch(new RegExp(`/cms-api/media/file/${setup.imageFile}$`))

  const skills = await getJson(base, '/api/skills')
  expect(skills.status).toBe(200)
  expect(keysOf(skills.body.data)).toEqual(['backend', 'frontend', 'other', 'tool'])

  const wall = await getJson(base, '/api/wall-messages')
  expect(wall.status).toBe(200)
  expect(keysOf(wall.body)).toEqual(['data', 'limit', 'page', 'success', 'total'])
  for (const item of wall.body.data as object[]) expect(keysOf(item)).toEqual(['avatar', 'content', 'createdAt', 'id', 'nickname'])
}

type Write = { n: number; id: number; ackedAt: number }

/** Writes one record after another until stopped, recording when each was acknowledged. */
const writer = (write: (n: number) => Promise<number>) => {
  const acknowledged: Write[] = []
  let stopped = false
  let failure: Error | undefined
  const done = (async () => {
    for (let n = 1; !stopped; n++) {
      const id = await write(n)
      acknowledged.push({ n, id, ackedAt: Date.now() })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })().catch((error: Error) => {
    failure = error
  })
  const written = (count: number) => {
    if (failure) throw failure
    return acknowledged.length >= count
  }
  return {
    acknowledged,
    written,
    stop: async () => {
      stopped = true
      await done
      if (failure) throw failure
    },
  }
}

const waitFor = async (check: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

// MongoDB has no backup yet (docs/backups.md): on that leg only the refusal below runs.
const onMongo = process.env.TEST_DATABASE_URL?.startsWith('mongodb') ?? false
if (onMongo) console.log('backupRestore: the backup and restore round trip is skipped on MongoDB, which backup does not support; its refusal is tested.')

describe('MongoDB', () => {
  it('backup and restore say plainly that MongoDB is not supported, and write nothing', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-mongo-backup-'))
    try {
      const env = readEnv({ DATA_DIR: work, DATABASE_URL: onMongo ? process.env.TEST_DATABASE_URL : 'mongodb://127.0.0.1:1/blog' })
      await expect(createBackup({ env, output: path.join(work, 'mongo.tar.gz') })).rejects.toThrow(/^Cannot back up MongoDB: backup and restore support SQLite and Postgres only/)
      await expect(restoreBackup({ env, archive: path.join(work, 'any.tar.gz') })).rejects.toThrow(/^Cannot restore MongoDB/)
      expect(fs.readdirSync(work)).toEqual([])
    } finally {
      fs.rmSync(work, { recursive: true, force: true })
    }
  })
})

;(onMongo ? describe.skip : describe)('npm run backup / npm run restore', () => {
  let source: BootedService
  let work: string
  let burstArchive: string
  let restored: Target
  let restoredServer: ServerProcess | undefined
  const setup = { articleId: 0, galleryId: 0, imageFile: '', imageBytes: Buffer.alloc(0), mediaFiles: 0, categoryId: 0 }
  const targets: Target[] = []

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-archives-'))
    // The SQL adapters read NODE_ENV from the process, not from the service's settings: production runs the
    // committed migrations instead of pushing the schema (test/helpers/freshStartPerFile.ts restores it after the file).
    Object.assign(process.env, { NODE_ENV: 'production' })
    source = await bootService({ NODE_ENV: 'production', PAYLOAD_SECRET: SECRET, WALL_RATE_LIMIT: '10000', LOG_LEVEL: 'error' })
    const { payload } = source
    await createAccount(payload, 'admin', 'admin@example.com')
    const category = await createCategory(payload, 'Notes')
    setup.categoryId = category
    setup.articleId = Number((await createArticle(payload, { title: 'Kept article', category })).id)
    await createProject(payload, { title: 'Kept project', techStack: ['TS'] })
    await payload.create({ collection: 'resources', data: { title: 'Slides', fileUrl: 'https://files.example.com/s.pdf', status: 'active' }, ...system })
    await payload.create({ collection: 'skills', data: { name: 'TypeScript', category: 'frontend', level: 90 }, ...system })
    await payload.updateGlobal({ slug: 'site', data: { hero: { title: 'Backed-up hero' } }, ...system })
    const [one, two] = [await uploadImage(payload, 'kept-one'), await uploadImage(payload, 'kept-two', 300, 200)]
    setup.galleryId = Number((await payload.create({ collection: 'galleries', data: { title: 'Trip', images: [{ image: one.id }, { image: two.id }] }, ...system })).id)
    setup.imageFile = String(one.filename)
    setup.imageBytes = fs.readFileSync(path.join(source.env.dataDir, 'media', setup.imageFile))
    setup.mediaFiles = fs.readdirSync(path.join(source.env.dataDir, 'media')).length
  })

  afterAll(async () => {
    if (restoredServer && restoredServer.child.exitCode === null) {
      restoredServer.child.kill('SIGKILL')
      await restoredServer.exited
    }
    await source?.stop()
    Object.assign(process.env, { NODE_ENV: 'test' })
    for (const target of targets) {
      await target.database.drop()
      fs.rmSync(target.dataDir, { recursive: true, force: true })
    }
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('a backup taken during a burst of writes holds every write acknowledged before it began, and the restored service serves it', async () => {
    const wall = writer(async (n) => {
      const res = await source.request().post('/api/wall-messages').send({ nickname: 'Burst', content: `wall ${n}` })
      if (res.status !== 201) throw new Error(`wall post ${n}: ${res.status} ${JSON.stringify(res.body)}`)
      return Number(res.body.data.id)
    })
    const articles = writer(async (n) => Number((await createArticle(source.payload, { title: `Burst ${n}`, category: setup.categoryId })).id))
    let backup: Outcome
    try {
      await waitFor(() => wall.written(5) && articles.written(5))
      burstArchive = path.join(work, 'burst.tar.gz')
      backup = await npmRun('backup', [burstArchive], commandEnv({ dataDir: source.env.dataDir, url: source.database.url }))
    } finally {
      await wall.stop()
      await articles.stop()
    }
    expect(backup.stderr).not.toMatch(/Failed|Error/)
    expect(backup.code).toBe(0)
    expect(backup.stdout).toMatch(/^Backup written to .*burst\.tar\.gz \([\d.]+ [kMG]?B\) in [\d.]+ s\n {2}database: (sqlite|postgres), .* migrations recorded \(latest: \d{8}_\d{6}_\w+\)\n {2}media: (\d+) files/)
    expect(backup.stdout).toContain(`media: ${setup.mediaFiles} files`)
    expect(fs.statSync(burstArchive).mode & 0o777).toBe(0o600)
    // The service went on writing while the backup ran.
    const during = [...wall.acknowledged, ...articles.acknowledged].filter((write) => write.ackedAt > backup.startedAt && write.ackedAt < backup.endedAt)
    expect(during.length).toBeGreaterThan(0)

    restored = await newTarget()
    targets.push(restored)
    const restore = await nodeRun('restore', [burstArchive], targetEnv(restored))
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toMatch(new RegExp(`^Restored the backup of \\d{4}-.*\\n {2}database: .*\\n {2}media: ${setup.mediaFiles} files\\nStart the service`))
    expect(leftovers(restored)).toEqual([])
    // Plain files and folders, whatever modes the source had.
    expect(treeOf(path.join(restored.dataDir, 'media')).map((line) => line.split(' ').slice(1, 3).join(' '))).toEqual(
      Array.from({ length: setup.mediaFiles }, () => 'file 644'),
    )
    expect(fs.statSync(path.join(restored.dataDir, 'media')).mode & 0o7777).toBe(0o755)
    // The search index (its own schema on Postgres) came with the dump, before any service start could rebuild it.
    expect(Number(await queryTarget(restored, { sqlite: 'SELECT count(*) FROM libsql_search_v2', postgres: 'SELECT count(*) FROM blog_search.entries_v2' }))).toBeGreaterThan(0)

    restoredServer = spawnServer({ ...targetEnv(restored), ADMIN: 'false' })
    const base = await restoredServer.ready

    // Every acknowledged-before write is there, and each writer's writes form an unbroken prefix (a consistent snapshot).
    const checkPrefix = (all: Write[], restoredIds: Set<number>) => {
      const present = all.filter((write) => restoredIds.has(write.id)).map((write) => write.n)
      const before = all.filter((write) => write.ackedAt < backup.startedAt)
      for (const write of before) expect(restoredIds.has(write.id)).toBe(true)
      expect(present).toEqual(Array.from({ length: present.length }, (_, index) => index + 1))
      expect(present.length).toBeGreaterThanOrEqual(before.length)
    }
    const restoredWall = (await allItems(base, '/api/wall-messages')).filter((item) => /^wall \d+$/.test(item.content ?? ''))
    checkPrefix(wall.acknowledged, new Set(restoredWall.map((item) => item.id)))
    const restoredArticles = (await allItems(base, '/api/articles')).filter((item) => /^Burst \d+$/.test(item.title ?? ''))
    checkPrefix(articles.acknowledged, new Set(restoredArticles.map((item) => item.id)))

    // Media files are restored and served, byte for byte.
    const file = await fetch(`${base}/cms-api/media/file/${setup.imageFile}`)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(setup.imageBytes)).toBe(true)

    await checkPublicContract(base, setup)
  })

  it('refuses a target that is in use, then one with content unless --force, changing nothing; --force replaces it', async () => {
    expect(restoredServer).toBeDefined()
    const inUse = await nodeRun('restore', [burstArchive, '--force'], targetEnv(restored))
    expect(inUse.code).toBe(1)
    expect(inUse.stderr).toMatch(/in use by another process|other connection\(s\).*Stop the service before restoring/)
    restoredServer!.child.kill('SIGTERM')
    expect((await restoredServer!.exited).code).toBe(0)

    // A later backup of the source, which now holds the whole burst, to tell the two archives apart.
    const laterArchive = path.join(work, 'later.tar.gz')
    const later = await nodeRun('backup', [laterArchive], commandEnv({ dataDir: source.env.dataDir, url: source.database.url }))
    expect(later.code).toBe(0)

    const before = { database: await fingerprint(restored), media: mediaListing(restored) }
    const refused = await nodeRun('restore', [laterArchive], targetEnv(restored))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^The target is not empty: it holds content: rows in .*users \(1\).*; the media folder .* holds \d+ files\. Nothing was changed\. Pass --force/)
    expect({ database: await fingerprint(restored), media: mediaListing(restored) }).toEqual(before)
    expect(leftovers(restored)).toEqual([])

    const forced = await nodeRun('restore', [laterArchive, '--force'], targetEnv(restored))
    expect(forced.code).toBe(0)
    expect(forced.stdout).toMatch(/\(the previous content was replaced\)/)
    expect(await fingerprint(restored)).not.toBe(before.database)
    const server = spawnServer({ ...targetEnv(restored), ADMIN: 'false' })
    try {
      const base = await server.ready
      const sourceCount = await source.payload.count({ collection: 'articles', ...system })
      expect((await getJson(base, '/api/articles')).body.pagination).toMatchObject({ total: sourceCount.totalDocs })
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  describe('a bad archive is refused with a clear message and the target is left as it was', () => {
    let target: Target
    let good: string
    const env = () => readEnv({ NODE_ENV: 'production', PAYLOAD_SECRET: SECRET, DATA_DIR: target.dataDir, DATABASE_URL: target.database.url })

    /** Unpacks the good archive, lets `change` edit the unpacked files, and packs them again, the manifest first. */
    const tampered = async (name: string, change: (dir: string) => void) => {
      const dir = fs.mkdtempSync(path.join(work, 'unpacked-'))
      await tar.extract({ file: good, cwd: dir })
      change(dir)
      const file = path.join(work, name)
      await tar.create({ gzip: true, file, cwd: dir, portable: true }, ['manifest.json', ...fs.readdirSync(dir).filter((entry) => entry !== 'manifest.json')])
      return file
    }

    /** An archive written entry by entry after a manifest listing `media` (and a database snapshot of the suite's kind). */
    const crafted = (name: string, media: Record<string, string>, entries: CraftedEntry[]) => {
      const kind = target.database.kind === 'postgres' ? 'postgres' : 'sqlite'
      const database = 'not really a database'
      const file = path.join(work, name)
      writeCraftedArchive(file, [
        { path: 'manifest.json', body: craftedManifest(kind, database, media) },
        { path: kind === 'sqlite' ? 'database/content.sqlite' : 'database/postgres.dump', body: database },
        ...entries,
      ])
      return file
    }

    beforeAll(async () => {
      target = await newTarget()
      targets.push(target)
      good = burstArchive
      // Content the refused restores must leave alone.
      fs.mkdirSync(path.join(target.dataDir, 'media'))
      fs.writeFileSync(path.join(target.dataDir, 'media', 'already-here.png'), 'kept')
    })

    it.each([
      ['a missing file', () => path.join(work, 'nothing-here.tar.gz'), /^No such archive: .*nothing-here\.tar\.gz$/],
      [
        'a truncated archive',
        () => {
          const file = path.join(work, 'truncated.tar.gz')
          const bytes = fs.readFileSync(good)
          fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)))
          return file
        },
        /is not a readable backup archive \(/,
      ],
      [
        'a file that is no archive',
        () => {
          const file = path.join(work, 'notes.txt')
          fs.writeFileSync(file, 'just some text, not a tar file\n'.repeat(50))
          return file
        },
        /is not a (readable )?backup/,
      ],
      [
        'a tar without a manifest',
        async () => {
          const dir = fs.mkdtempSync(path.join(work, 'plain-'))
          fs.mkdirSync(path.join(dir, 'media'))
          fs.writeFileSync(path.join(dir, 'media', 'a.png'), 'x')
          const file = path.join(work, 'plain.tar.gz')
          await tar.create({ gzip: true, file, cwd: dir }, ['media'])
          return file
        },
        /is not a backup of this service: it has no manifest\.json/,
      ],
      [
        'a damaged database file',
        () =>
          tampered('damaged.tar.gz', (dir) => {
            const database = path.join(dir, 'database', fs.readdirSync(path.join(dir, 'database'))[0]!)
            const bytes = fs.readFileSync(database)
            bytes[bytes.length - 100] = (bytes[bytes.length - 100]! + 1) % 256
            fs.writeFileSync(database, bytes)
          }),
        /is damaged: database\/(content\.sqlite|postgres\.dump) does not match its checksum/,
      ],
      [
        'an archive of the other database kind',
        () =>
          tampered('other-kind.tar.gz', (dir) => {
            const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
            const other = manifest.database.kind === 'sqlite' ? { kind: 'postgres', path: 'database/postgres.dump' } : { kind: 'sqlite', path: 'database/content.sqlite' }
            fs.renameSync(path.join(dir, manifest.database.path), path.join(dir, other.path))
            Object.assign(manifest.database, other)
            fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
          }),
        /holds a (sqlite|postgres) database, but DATABASE_URL selects (sqlite|postgres): restoring across database kinds is not supported/,
      ],
      [
        'a manifest that is not the first entry',
        async () => {
          const dir = fs.mkdtempSync(path.join(work, 'unpacked-'))
          await tar.extract({ file: good, cwd: dir })
          const file = path.join(work, 'manifest-last.tar.gz')
          await tar.create({ gzip: true, file, cwd: dir, portable: true }, ['database', 'manifest.json', 'media'])
          return file
        },
        /is not a backup of this service: it has no manifest\.json as its first entry/,
      ],
      [
        'a setuid file',
        () => crafted('setuid.tar.gz', { 'tool.png': 'x' }, [{ path: 'media/tool.png', body: 'x', mode: 0o6755 }]),
        /cannot be restored: media\/tool\.png has a setuid, setgid or sticky bit \(mode 6755\)\. Nothing was changed\.$/,
      ],
      [
        'a sticky folder',
        () => crafted('sticky.tar.gz', { 'a.png': 'x' }, [{ path: 'media/', type: 'Directory', mode: 0o1777 }, { path: 'media/a.png', body: 'x' }]),
        /cannot be restored: media has a setuid, setgid or sticky bit \(mode 1777\)/,
      ],
      [
        'an unlisted file',
        () => crafted('unlisted.tar.gz', {}, [{ path: 'media/extra.png', body: 'x' }]),
        /cannot be restored: it holds a file its manifest does not list \(media\/extra\.png\)/,
      ],
      [
        'a path leaving the data folder',
        () => crafted('escape.tar.gz', {}, [{ path: '../escaped.txt', body: 'x' }]),
        /cannot be restored: it holds a file its manifest does not list \(\.\.\/escaped\.txt\)/,
      ],
      [
        'a file larger than listed',
        () => crafted('larger.tar.gz', { 'big.png': 'ten bytes!' }, [{ path: 'media/big.png', body: Buffer.alloc(4 * 1024 * 1024) }]),
        /cannot be restored: media\/big\.png is 4194304 bytes, but its manifest says 10/,
      ],
      [
        'a symbolic link',
        () => crafted('symlink.tar.gz', { link: '' }, [{ path: 'media/link', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
        /cannot be restored: media\/link is a symbolic link: a backup holds only files and folders/,
      ],
      [
        'a hard link',
        () => crafted('hardlink.tar.gz', { hard: '' }, [{ path: 'media/hard', type: 'Link', linkpath: 'database/content.sqlite' }]),
        /cannot be restored: media\/hard is a hard link/,
      ],
      [
        'a device',
        () => crafted('device.tar.gz', { tty: '' }, [{ path: 'media/tty', type: 'CharacterDevice', mode: 0o666 }]),
        /cannot be restored: media\/tty is a device/,
      ],
      ['a FIFO', () => crafted('fifo.tar.gz', { pipe: '' }, [{ path: 'media/pipe', type: 'FIFO' }]), /cannot be restored: media\/pipe is a FIFO/],
    ])('%s', async (_name, make, message) => {
      const archive = await make()
      const before = { database: await fingerprint(target), media: mediaListing(target), files: treeOf(target.dataDir) }
      await expect(restoreBackup({ env: env(), archive })).rejects.toThrow(message)
      expect({ database: await fingerprint(target), media: mediaListing(target), files: treeOf(target.dataDir) }).toEqual(before)
      expect(leftovers(target)).toEqual([])
    })
  })

  it('checks its arguments and never overwrites a file unasked', async () => {
    const usage = await nodeRun('backup', [], commandEnv({ dataDir: work, url: 'file:/nonexistent/x.db' }))
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/^no file given\nUsage: npm run backup -- <file\.tar\.gz> \[--force\]/)
    const taken = path.join(work, 'taken.tar.gz')
    fs.writeFileSync(taken, 'an earlier file')
    const existing = await nodeRun('backup', [taken], commandEnv({ dataDir: source.env.dataDir, url: source.database.url }))
    expect(existing.code).toBe(1)
    expect(existing.stderr).toMatch(/taken\.tar\.gz already exists: choose another name, or pass --force/)
    expect(fs.readFileSync(taken, 'utf8')).toBe('an earlier file')
  })
})
