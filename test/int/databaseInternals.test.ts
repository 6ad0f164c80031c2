import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RESOURCES_SLUG } from '../../collections/Resources'
import { incrementCounter } from '../../lib/db/counters'
import { readsDeepPagesByIds } from '../../lib/db/deepPaging'
import { drizzleTable } from '../../lib/db/drizzleTable'
import { countRecords } from '../../lib/db/countRecords'
import { sumCounter } from '../../lib/db/counterSum'
import { readDailyViews, ensureDailyViews } from '../../lib/db/dailyViews'
import { sqlOf } from '../../lib/db/rawSql'
import { ensureSearchIndex } from '../../lib/db/searchIndex'
import { prepareSharedRateLimits } from '../../lib/coherence/sharedRateLimits'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

// lib/db/ leans on adapter internals (drizzle tables, raw SQL); these run on whichever database this leg uses.
let service: BootedService
const ids: number[] = []

beforeAll(async () => {
  service = await bootService()
  for (const [title, status, downloadCount] of [
    ['A', 'active', 3],
    ['B', 'active', 4],
    ['C', 'inactive', 100],
  ] as const) {
    const doc = await service.payload.create({
      collection: RESOURCES_SLUG,
      data: { title, fileUrl: `https://files.example.com/${title}.zip`, status, downloadCount },
      overrideAccess: true,
    })
    ids.push(Number(doc.id))
  }
})

afterAll(async () => {
  await service?.stop()
})

describe('drizzleTable', () => {
  it('finds a collection table with the named columns on SQL adapters, and nothing on others', () => {
    const table = drizzleTable(service.payload, RESOURCES_SLUG, ['counters', 'status'])
    expect(table !== undefined).toBe(service.database.kind !== 'mongodb')
    expect(drizzleTable(service.payload, RESOURCES_SLUG, ['noSuchColumn'])).toBeUndefined()
  })
})

describe('incrementCounter', () => {
  it('adds exactly one per call under concurrency and returns the new value', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => incrementCounter(service.payload, RESOURCES_SLUG, ids[0]!, 'downloadCount')))
    expect(Math.max(...(results as number[]))).toBe(53)
    expect(new Set(results).size).toBe(50) // every call saw its own increment
    const doc = await service.payload.findByID({ collection: RESOURCES_SLUG, id: ids[0]!, overrideAccess: true })
    expect(doc.downloadCount).toBe(53)
  })

  it('returns undefined for a record that does not exist', async () => {
    expect(await incrementCounter(service.payload, RESOURCES_SLUG, 999_999, 'downloadCount')).toBeUndefined()
  })
})

describe('sumCounter', () => {
  it('adds up a number field over the matching records only', async () => {
    const active = await sumCounter(service.payload, RESOURCES_SLUG, 'downloadCount', { field: 'status', equals: 'active' })
    const inactive = await sumCounter(service.payload, RESOURCES_SLUG, 'downloadCount', { field: 'status', equals: 'inactive' })
    const counted = (await service.payload.findByID({ collection: RESOURCES_SLUG, id: ids[0]!, overrideAccess: true })).downloadCount
    expect(active).toBe(Number(counted) + 4)
    expect(inactive).toBe(100)
  })
})

describe('readsDeepPagesByIds', () => {
  it('is true only on Postgres', () => {
    expect(readsDeepPagesByIds(service.payload.db)).toBe(service.database.kind === 'postgres')
  })
})

describe('countRecords', () => {
  it('counts the records holding every value given, text and boolean alike', async () => {
    const make = (title: string, status: string, featured: boolean) =>
      service.payload.create({ collection: 'projects', data: { title, description: 'd', status, featured } as never, overrideAccess: true })
    await make('Counted one', 'published', true)
    await make('Counted two', 'published', false)
    await make('Not counted', 'draft', true)
    expect(await countRecords(service.payload, 'projects', { status: 'published' })).toBe(2)
    expect(await countRecords(service.payload, 'projects', { status: 'published', featured: true })).toBe(1)
    expect(await countRecords(service.payload, 'projects', { featured: true })).toBe(2)
  })
})

describe('hasMany values tables', () => {
  it('are indexed on parent_id, so one record’s values are found without reading the whole table', async () => {
    const db = await sqlOf(service.payload)
    if (!db) {
      console.log('skipped on MongoDB: it keeps hasMany values inside the record')
      return
    }
    const { sql, run } = db
    const { rows } =
      db.dialect === 'sqlite'
        ? await run(sql`SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'projects_texts'`)
        : await run(sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'projects_texts'`)
    const byParent = rows.find((row) => row.name === 'projects_texts_parent_idx')
    expect(String(byParent?.definition)).toMatch(/\(\s*["`]?parent_id["`]?\s*\)/)
  })
})

describe('start-up schema statements', () => {
  it('run by several processes at once all succeed and leave one daily-views trigger that still counts', async () => {
    const db = await sqlOf(service.payload)
    if (!db) {
      console.log('skipped on MongoDB: it has no schema statements to run at start')
      return
    }
    // Six at a time, each on a connection of its own (Postgres), as hosts started together would.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await ensureDailyViews(service.payload)
        await ensureSearchIndex(service.payload)
        await prepareSharedRateLimits(service.payload)
      }),
    )
    const { sql, run } = db
    const { rows } =
      db.dialect === 'sqlite'
        ? await run(sql`SELECT count(*) AS triggers FROM sqlite_master WHERE type = 'trigger' AND name = 'counters_daily_views'`)
        : await run(sql`SELECT count(*) AS triggers FROM pg_trigger WHERE tgname = 'counters_daily_views'`)
    expect(Number(rows[0]?.triggers)).toBe(1)

    const categoryId = await createCategory(service.payload, 'Restarts')
    const article = await createArticle(service.payload, { title: 'Viewed after the restart', category: categoryId })
    const before = (await readDailyViews(service.payload, 1, Number(article.id)))[0]!.views
    expect((await service.request().get(`/api/articles/${article.slug}-${article.id}`)).status).toBe(200)
    expect((await readDailyViews(service.payload, 1, Number(article.id)))[0]!.views).toBe(before + 1)
  })
})
