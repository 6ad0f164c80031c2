import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readDailyViews } from '../../lib/db/dailyViews'
import { bootService, type BootedService } from '../helpers/bootService'
import { commandArgs } from '../helpers/commandLine'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('npm run seed:demo', () => {
  let dataDir: string
  let database: TestDatabase
  let service: BootedService | undefined

  const seed = () =>
    spawnSync(process.execPath, commandArgs('seed-demo'), {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: database.url, PAYLOAD_SECRET: 'seed-test', LOG_LEVEL: 'error' },
    })

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-seed-'))
    database = await createTestDatabase(dataDir)
  })

  afterAll(async () => {
    await service?.stop()
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('fills an empty database with a demo site the public API shows, and refuses to run twice', async () => {
    const first = seed()
    expect(first.status).toBe(0)
    expect(first.stdout).toMatch(/Demo site ready .*12 articles, 6 projects/)

    const second = seed()
    expect(second.status).toBe(1)
    expect(second.stderr).toMatch(/already has 12 articles/)

    // Read it back through the API, on the same database.
    const booted = await bootService({ DATABASE_URL: database.url, DATA_DIR: dataDir })
    service = booted
    const home = (await booted.request().get('/api/home')).body.data
    expect(home.hero.title).toBe("Hi, I'm Alex")
    expect(home.stats.articles).toBe(11) // one of the 12 is left as a draft
    expect(home.latestArticles).toHaveLength(5)
    expect(home.featuredProjects.length).toBeGreaterThan(0)
    expect(home.skills).toHaveLength(12)
    // The views chart agrees with the counts: each article's views per day over the last 30 days add up to its viewCount.
    const articles = await booted.payload.find({ collection: 'articles', limit: 100, depth: 0, overrideAccess: true })
    for (const doc of articles.docs) {
      const daily = await readDailyViews(booted.payload, 30, doc.id)
      expect({ id: doc.id, views: daily.reduce((sum, day) => sum + day.views, 0) }).toEqual({ id: doc.id, views: doc.viewCount })
      expect(daily.filter((day) => day.views > 0).length).toBeGreaterThan(1)
    }
    const site = await readDailyViews(booted.payload, 30)
    expect(site.reduce((sum, day) => sum + day.views, 0)).toBe(articles.docs.reduce((sum, doc) => sum + (doc.viewCount ?? 0), 0))
    const article = (await booted.request().get('/api/articles/1')).body.data
    expect(article.content).toMatch(/```\w+\n/)
    expect(article.content).toMatch(/!\[[^\]]*\]\(\/cms-api\/media\/file\/demo-\d\.png\)/)
    const gallery = (await booted.request().get('/api/galleries')).body.data
    expect(gallery[0].imageCount).toBe(6)
  })
})
