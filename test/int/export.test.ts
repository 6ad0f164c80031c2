import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MANIFEST_FILE } from '../../lib/portability/exportLayout'
import { readFrontMatter } from '../../lib/portability/frontMatter'
import { loginToken, PASSWORD } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { setCounts, setCreatedAt } from '../helpers/content'
import { uploadImage } from '../helpers/media'
import { runPortabilityScript } from '../helpers/portability'
import { spawnServer, type ServerProcess } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const ADMIN_EMAIL = 'owner@example.com'
const NO_CACHES = { LIST_CACHE_TTL: '0', HOME_CACHE_TTL: '0' }

type Answer = { status: number; body: { data?: unknown } }
/** What a client reads: one `/api` answer, with the token where drafts are asked for. */
type Fetch = (route: string, token?: string) => Promise<Answer>

const ID = '<id>'
const UPDATED = '<updatedAt>'

/**
 * An answer with what an import cannot keep made neutral: ids (`id`, `categoryId`, `authorId`, the `-<id>` end of a
 * public slug) and `updatedAt`. Everything else, createdAt and publishedAt included, must be equal.
 */
const normalise = (value: unknown, key?: string): unknown => {
  if (Array.isArray(value)) return value.map((entry) => normalise(entry))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]))
  if ((key === 'id' || key === 'categoryId' || key === 'authorId') && typeof value === 'number') return ID
  if (key === 'updatedAt' && typeof value === 'string') return UPDATED
  if (key === 'slug' && typeof value === 'string') return value.replace(/-\d+$/, `-${ID}`)
  return value
}

/** Every content answer of the site, read in one fixed order (details count views, so both sides read alike). */
const contentAnswers = async (get: Fetch, token: string) => {
  const answers: Record<string, unknown> = {}
  const read = async (route: string, withToken = false) => {
    answers[route.replace(/\/\d+(?=\/|$)/g, `/${ID}`) + (withToken ? ' (staff)' : '')] = await get(route, withToken ? token : undefined)
  }
  const articles = await get('/api/articles?limit=20')
  answers['/api/articles?limit=20'] = articles
  await read('/api/articles?limit=2&page=2')
  await read('/api/articles?featured=true')
  for (const [index, article] of (articles.body.data as { slug: string }[]).entries()) {
    answers[`/api/articles/<${index}>`] = await get(`/api/articles/${article.slug}`)
  }
  const projects = await get('/api/projects?limit=100')
  answers['/api/projects?limit=100'] = projects
  await read('/api/projects?status=draft', true)
  for (const [index, project] of (projects.body.data as { id: number }[]).entries()) {
    answers[`/api/projects/<${index}>`] = await get(`/api/projects/${project.id}`)
    answers[`/api/projects/<${index}>/related`] = await get(`/api/projects/${project.id}/related`)
  }
  await read('/api/home')
  await read('/api/admin/articles?limit=100', true)
  await read('/api/admin/projects?limit=100', true)
  const categories = (await get('/api/admin/categories?limit=100', token)).body.data as { name: string; type: string; description: string | null }[]
  answers['/api/admin/categories (staff)'] = categories.map(({ name, type, description }) => ({ name, type, description }))
  return normalise(answers) as Record<string, unknown>
}

let source: BootedService
let exportDir: string
let targetDir: string
let target: TestDatabase | undefined
let targetServer: ServerProcess | undefined

beforeAll(async () => {
  source = await bootService({ ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD, ...NO_CACHES })
  exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-export-'))
  targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-export-target-'))
})

afterAll(async () => {
  if (targetServer && targetServer.child.exitCode === null) {
    targetServer.child.kill('SIGTERM')
    await targetServer.exited
  }
  await target?.drop()
  await source?.stop()
  for (const dir of [exportDir, targetDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** A small site through the admin API: categories, images, articles (CJK, code, drafts, scheduled), projects. */
const createSite = async (token: string) => {
  const { payload } = source
  const post = async (route: string, body: Record<string, unknown>) => {
    const res = await source.request().post(route).set('Authorization', `Bearer ${token}`).send(body)
    expect([res.status, res.body.error]).toEqual([201, undefined])
    return res.body.data as { id: number }
  }
  const engineering = (await post('/api/admin/categories', { name: 'Engineering', type: 'article', description: 'How things are built.' })).id
  const notes = (await post('/api/admin/categories', { name: '随笔', type: 'article' })).id
  await post('/api/admin/categories', { name: 'Unused', type: 'article', description: 'No article yet.' })
  const apps = (await post('/api/admin/categories', { name: 'Apps', type: 'project' })).id
  const [cover, inline, shot] = await Promise.all(['cover', 'inline', 'shot'].map((name) => uploadImage(payload, `export-${name}`, 320, 200)))

  const articles = [
    { title: 'Exporting a blog', categoryId: engineering, status: 'published', featured: true, coverImage: cover!.url, excerpt: 'Export, then import.',
      content: `## Why\n\n![The cover](${cover!.url} "Cover")\n\n\`\`\`ts\nconst x = 1\n\`\`\`\n\nInline code \`![no](${inline!.url})\` stays.\n` },
    { title: '导出测试：你好世界', categoryId: notes, status: 'published', content: `中文内容。\n\n<img src="${inline!.url}" alt="inline">\n` },
    { title: 'A draft', categoryId: engineering, status: 'draft', content: 'Not yet.\n' },
    { title: 'Remote picture', categoryId: notes, status: 'published', slug: 'custom-slug', content: '![remote](https://example.com/remote.png)\n' },
    { title: 'Scheduled', categoryId: engineering, status: 'draft', publishAt: '2099-06-01T00:00:00.000Z', content: 'Later.\n' },
  ]
  for (const [index, data] of articles.entries()) {
    const { id } = await post('/api/admin/articles', data)
    await setCreatedAt(payload, 'articles', id, new Date(Date.UTC(2022, index, 10, 9, 30)).toISOString())
    await setCounts(payload, 'articles', id, { viewCount: 10 * (index + 1), likeCount: index })
  }
  const projects = [
    { title: 'Bookshelf', description: 'Books I read.', content: `![Shot](${shot!.url})\n`, coverImage: shot!.url, screenshots: [cover!.url, 'https://example.com/s.png'],
      techStack: ['React', 'TypeScript'], demoUrl: 'https://demo.example.com', repoUrl: 'https://github.com/example/bookshelf', categoryId: apps, status: 'published', featured: true, order: 2 },
    { title: 'Trail map', description: 'Trails on a map.', techStack: ['React', 'Leaflet'], categoryId: apps, status: 'published', order: 1 },
    { title: 'Secret tool', description: 'Not shown yet.', status: 'draft' },
  ]
  for (const [index, data] of projects.entries()) {
    const { id } = await post('/api/admin/projects', data)
    await setCreatedAt(payload, 'projects', id, new Date(Date.UTC(2023, index, 1)).toISOString())
    await setCounts(payload, 'projects', id, { viewCount: 5 + index })
  }
}

describe('npm run export, then npm run import into an empty database', () => {
  it('gives the same /api answers, apart from ids and updatedAt', async () => {
    const sourceToken = await loginToken(source, ADMIN_EMAIL)
    await createSite(sourceToken)

    const exported = await runPortabilityScript('export', [exportDir], { DATABASE_URL: source.database.url, DATA_DIR: source.env.dataDir })
    expect([exported.status, exported.stderr]).toEqual([0, ''])
    expect(exported.stdout).toContain(`Exported 5 articles, 3 projects, 3 media files and 4 categories to ${exportDir}`)
    expect(fs.readdirSync(path.join(exportDir, 'media')).sort()).toEqual(['export-cover.png', 'export-inline.png', 'export-shot.png'])
    const exportedArticle = readFrontMatter(fs.readFileSync(path.join(exportDir, 'articles/exporting-a-blog.md'), 'utf8'))
    expect(exportedArticle.data).toMatchObject({ title: 'Exporting a blog', slug: 'exporting-a-blog', draft: false, categories: ['Engineering'], cover: '../media/export-cover.png', views: 10 })
    expect(exportedArticle.content).toContain('![The cover](../media/export-cover.png "Cover")')
    expect(exportedArticle.content).toContain('`![no](/cms-api/media/file/export-inline.png)`')
    expect(JSON.parse(fs.readFileSync(path.join(exportDir, MANIFEST_FILE), 'utf8')).categories).toContainEqual({ name: 'Unused', type: 'article', description: 'No article yet.' })

    const sourceGet: Fetch = async (route, token) => {
      const request = source.request().get(route)
      const res = token ? await request.set('Authorization', `Bearer ${token}`) : await request
      return { status: res.status, body: res.body }
    }
    const before = await contentAnswers(sourceGet, sourceToken)

    // The target: an empty database served by its own process, imported into while it runs.
    target = await createTestDatabase(targetDir)
    const targetEnv = { DATABASE_URL: target.url, DATA_DIR: targetDir }
    targetServer = spawnServer({ ...targetEnv, ...NO_CACHES, ADMIN: 'false', ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD, PAYLOAD_SECRET: 'export-test' })
    const url = await targetServer.ready
    const imported = await runPortabilityScript('import', [exportDir], { ...targetEnv, PAYLOAD_SECRET: 'export-test', NODE_ENV: 'development' })
    expect([imported.status, imported.signal, imported.stderr, imported.stdout]).toEqual([0, null, '', expect.any(String)])
    expect(imported.stdout).toMatch(/^15 created, 0 updated, 0 skipped \(0 unchanged since the last import, 0 with problems\)\.$/m)

    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }) })
    const targetToken = ((await login.json()) as { data: { token: string } }).data.token
    const targetGet: Fetch = async (route, token) => {
      const res = await fetch(`${url}${route}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      return { status: res.status, body: (await res.json()) as Answer['body'] }
    }
    const after = await contentAnswers(targetGet, targetToken)

    expect(Object.keys(after)).toEqual(Object.keys(before))
    for (const route of Object.keys(before)) expect([route, after[route]]).toEqual([route, before[route]])
    // The comparison had something to compare.
    for (const [route, answer] of Object.entries(before)) {
      if (!Array.isArray(answer)) expect([route, (answer as Answer).status]).toEqual([route, 200])
    }
    expect((before['/api/articles?limit=20'] as { body: { data: unknown[] } }).body.data).toHaveLength(3)
    expect((before['/api/admin/articles?limit=100 (staff)'] as { body: { data: unknown[] } }).body.data).toHaveLength(5)
    const image = await fetch(`${url}/cms-api/media/file/export-cover.png`)
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png'])
  })
})
