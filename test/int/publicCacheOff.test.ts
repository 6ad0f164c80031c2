import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

// Its own file: Payload keeps one instance per process, so a second service in publicCache.test.ts would share it.
let service: BootedService
let articleId: number

beforeAll(async () => {
  service = await bootService({ LIST_CACHE_TTL: '0' })
  const category = await createCategory(service.payload, 'Notes')
  articleId = Number((await createArticle(service.payload, { title: 'First', category })).id)
})

afterAll(async () => {
  await service?.stop()
})

describe('LIST_CACHE_TTL=0', () => {
  it('reads every list from the database', async () => {
    const titles = async () => (await service.request().get('/api/articles')).body.data.map((item: { title: string }) => item.title)
    expect(await titles()).toEqual(['First'])
    // Changed behind Payload's back: no hook clears anything, so only a fresh read shows it.
    await service.payload.db.updateOne({ collection: 'articles', id: articleId, data: { title: 'Second' } })
    expect(await titles()).toEqual(['Second'])
  })
})
