import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

let service: BootedService
let editor: Record<string, string> = {}
let member: Record<string, string> = {}
const ids: number[] = []

const today = () => new Date().toISOString().slice(0, 10)
const stats = (query: Record<string, string> = {}, headers = editor) => service.request().get('/api/admin/stats/views').query(query).set(headers)
const view = async (id: number, times: number) => {
  for (let n = 0; n < times; n++) expect((await service.request().get(`/api/articles/${id}`)).status).toBe(200)
}

/**
 * The database files views under its UTC day, and the tests expect them all on today: a run across midnight would find
 * the first ones on the day before. So a run that would start less than 90 s before midnight starts just after it.
 */
const startAwayFromMidnight = async () => {
  const DAY_MS = 24 * 60 * 60 * 1000
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS)
  if (untilMidnight < 90_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1000))
}

beforeAll(async () => {
  await startAwayFromMidnight()
  service = await bootService()
  const category = await createCategory(service.payload, 'Notes')
  for (const title of ['Read seven times', 'Read twice']) ids.push(Number((await createArticle(service.payload, { title, category })).id))
  const writer = await createAccount(service.payload, 'editor', 'stats-editor@example.com')
  const reader = await createAccount(service.payload, 'user', 'stats-member@example.com')
  editor = { Authorization: `Bearer ${await loginToken(service, writer.email)}` }
  member = { Authorization: `Bearer ${await loginToken(service, reader.email)}` }
  await view(ids[0]!, 7)
  await view(ids[1]!, 2)
}, 240_000)

afterAll(async () => {
  await service?.stop()
})

describe('GET /api/admin/stats/views', () => {
  it("answers the last 30 UTC days, oldest first, with today's views of every article and zeros elsewhere", async () => {
    const res = await stats()
    expect(res.status).toBe(200)
    const days = res.body.data as { date: string; views: number }[]
    expect(days).toHaveLength(30)
    expect(days.at(-1)).toEqual({ date: today(), views: 9 })
    expect(days.slice(0, -1).every(({ views }) => views === 0)).toBe(true)
    expect([...days.map(({ date }) => date)].sort()).toEqual(days.map(({ date }) => date))
    expect(new Date(`${days[0]!.date}T00:00:00Z`).getTime()).toBe(new Date(`${today()}T00:00:00Z`).getTime() - 29 * 24 * 60 * 60 * 1000)
  })

  it("gives one article's views, and a short window", async () => {
    expect((await stats({ article: String(ids[0]), days: '1' })).body.data).toEqual([{ date: today(), views: 7 }])
    expect((await stats({ article: String(ids[1]), days: '1' })).body.data).toEqual([{ date: today(), views: 2 }])
  })

  it("counts views as they come (a signed-in reader's too, as the article's count does)", async () => {
    await view(ids[1]!, 3)
    await service.request().get(`/api/articles/${ids[1]}`).set(editor)
    expect((await stats({ article: String(ids[1]), days: '1' })).body.data).toEqual([{ date: today(), views: 6 }])
  })

  it('views sent at once to two articles, written in shared batches, each land on their own article’s day', async () => {
    const before = async (id: number) => (await stats({ article: String(id), days: '1' })).body.data[0].views as number
    const [first, second] = [await before(ids[0]!), await before(ids[1]!)]
    const requests = Array.from({ length: 60 }, (_, index) => service.request().get(`/api/articles/${ids[index % 3 === 0 ? 1 : 0]}`))
    expect((await Promise.all(requests)).every(({ status }) => status === 200)).toBe(true)
    expect(await before(ids[0]!)).toBe(first + 40)
    expect(await before(ids[1]!)).toBe(second + 20)
  })

  it('refuses bad windows with a 400 envelope, anonymous callers with 401 and members with 403', async () => {
    for (const days of ['0', '366', 'abc', '-1', '1.5']) {
      const res = await stats({ days })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
    }
    expect((await stats({}, {})).status).toBe(401)
    expect((await stats({}, member)).status).toBe(403)
  })

  it("drops an article's days when the article is deleted", async () => {
    expect((await service.request().delete(`/api/admin/articles/${ids[1]}`).set(editor)).status).toBe(200)
    expect((await stats({ days: '1' })).body.data).toEqual([{ date: today(), views: 47 }])
  })

  it('places a past day in its slot', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    await service.payload.db.create({ collection: 'article-daily-views', data: { article: ids[0], day: threeDaysAgo, views: 4 } })
    const days = (await stats({ days: '7' })).body.data as { date: string; views: number }[]
    expect(days.map(({ views }) => views)).toEqual([0, 0, 0, 4, 0, 0, 47])
    expect(days[3]!.date).toBe(threeDaysAgo)
  })
})
