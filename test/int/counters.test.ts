import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COUNTERS_SLUG } from '../../collections/Counters'
import { counterRowId } from '../../lib/db/counterRows'
import { decrementCounter, readCounter } from '../../lib/db/counters'
import { sqlOf } from '../../lib/db/rawSql'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, setCounts } from '../helpers/content'

let service: BootedService
let admin = ''
let category: number

beforeAll(async () => {
  service = await bootService()
  await createAccount(service.payload, 'admin', 'owner@example.com')
  admin = `Bearer ${await loginToken(service, 'owner@example.com')}`
  category = await createCategory(service.payload, 'Counted')
})

afterAll(async () => {
  await service?.stop()
})

const rowOf = (id: number) => counterRowId(service.payload, 'articles', id)
const countersRow = (row: number) => service.payload.db.findOne({ collection: COUNTERS_SLUG, where: { id: { equals: row } } })
const view = async (id: number) => (await service.request().get(`/api/articles/${id}`)).body.data.viewCount as number

describe('counts in their own rows', () => {
  it('gives every new record a row of its own, shared with no other record', async () => {
    const first = await createArticle(service.payload, { title: 'First', category })
    const second = await createArticle(service.payload, { title: 'Second', category })
    const resource = await service.payload.create({ collection: 'resources', data: { title: 'R', fileUrl: 'https://example.com/r.zip', status: 'active' }, overrideAccess: true })
    const rows = [await rowOf(first.id), await rowOf(second.id), await counterRowId(service.payload, 'resources', resource.id)]
    expect(rows.every((row) => typeof row === 'number')).toBe(true)
    expect(new Set(rows).size).toBe(3)
    expect(await view(first.id)).toBe(1)
    expect(await view(first.id)).toBe(2)
    expect(await view(second.id)).toBe(1)
    expect(await countersRow(rows[0]!)).toMatchObject({ views: 2, likes: 0, downloads: 0 })
  })

  it('keeps the counts when an editor saves, and refuses to be pointed at another row or set by hand', async () => {
    const article = await createArticle(service.payload, { title: 'Edited', category })
    const other = await createArticle(service.payload, { title: 'Other', category })
    await setCounts(service.payload, 'articles', article.id, { viewCount: 41, likeCount: 3 })
    const row = await rowOf(article.id)
    const otherRow = await rowOf(other.id)

    const res = await service
      .request()
      .patch(`/cms-api/articles/${article.id}`)
      .set('Authorization', admin)
      .send({ title: 'Edited again', counters: otherRow, viewCount: 999999, likeCount: 999 })
    expect(res.status).toBe(200)
    expect(res.body.doc).toMatchObject({ title: 'Edited again', viewCount: 41, likeCount: 3 })
    expect(await rowOf(article.id)).toBe(row)
    expect(await view(article.id)).toBe(42)
    expect(await view(other.id)).toBe(1)
  })

  it('sorts and filters by a count on /cms-api as by a stored field', async () => {
    const low = await createArticle(service.payload, { title: 'Rarely read', category })
    const high = await createArticle(service.payload, { title: 'Often read', category })
    await setCounts(service.payload, 'articles', low.id, { viewCount: 5_000 })
    await setCounts(service.payload, 'articles', high.id, { viewCount: 9_000 })
    const res = await service
      .request()
      .get('/cms-api/articles?sort=-viewCount&where[viewCount][greater_than]=4000&depth=0')
      .set('Authorization', admin)
    expect(res.status).toBe(200)
    expect(res.body.docs.map((doc: { title: string; viewCount: number }) => [doc.title, doc.viewCount])).toEqual([
      ['Often read', 9_000],
      ['Rarely read', 5_000],
    ])
  })

  it('starts a duplicate at 0 with a row of its own', async () => {
    const original = await createArticle(service.payload, { title: 'Copied', category })
    await setCounts(service.payload, 'articles', original.id, { viewCount: 70, likeCount: 4 })
    const copy = await service.payload.duplicate({ collection: 'articles', id: original.id, overrideAccess: true })
    expect(copy).toMatchObject({ viewCount: 0, likeCount: 0 })
    expect(await rowOf(copy.id)).not.toBe(await rowOf(original.id))
    expect((await service.payload.findByID({ collection: 'articles', id: original.id })).viewCount).toBe(70)
  })

  it("removes a record's row with the record", async () => {
    const article = await createArticle(service.payload, { title: 'Short-lived', category })
    await view(article.id)
    const row = (await rowOf(article.id))!
    expect(await countersRow(row)).toMatchObject({ views: 1 })
    const res = await service.request().delete(`/cms-api/articles/${article.id}`).set('Authorization', admin)
    expect(res.status).toBe(200)
    expect(await countersRow(row)).toBeNull()
    expect((await service.request().get(`/api/articles/${article.id}`)).status).toBe(404)
  })

  it('gives a record written without a row (by SQL, outside Payload) one at its first view', async () => {
    const article = await createArticle(service.payload, { title: 'Inserted by hand', category })
    const db = await sqlOf(service.payload)
    if (!db) {
      console.log('counters: the unlinked-record case is SQL-only; skipped on MongoDB')
      return
    }
    await db.run(db.sql`UPDATE articles SET counters_id = NULL WHERE id = ${article.id}`)
    expect(await view(article.id)).toBe(1)
    expect(await view(article.id)).toBe(2)
    expect(await rowOf(article.id)).toEqual(expect.any(Number))
  })

  it('takes a like back atomically: 10 at once from 2 leave 0, never below', async () => {
    const article = await createArticle(service.payload, { title: 'Unliked', category })
    await setCounts(service.payload, 'articles', article.id, { likeCount: 2 })
    const answers = await Promise.all(Array.from({ length: 10 }, () => decrementCounter(service.payload, 'articles', article.id, 'likeCount')))
    expect(answers.filter((value) => value === 1)).toHaveLength(1)
    expect(answers.every((value) => value === 0 || value === 1)).toBe(true)
    expect(await readCounter(service.payload, 'articles', article.id, 'likeCount')).toBe(0)
    expect(await decrementCounter(service.payload, 'articles', 999_999, 'likeCount')).toBeUndefined()
  })
})
