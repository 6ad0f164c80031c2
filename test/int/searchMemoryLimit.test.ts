import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sqlOf } from '../../lib/db/rawSql'
import { FTS_TABLE, PG_TABLE } from '../../lib/db/searchIndex'
import { memorySearchIndexOf } from '../../lib/db/searchMemory'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

let service: BootedService

beforeAll(async () => {
  service = await bootService({ SEARCH_MEMORY_MB: '0' })
})

afterAll(async () => {
  await service?.stop()
})

describe('SEARCH_MEMORY_MB=0', () => {
  it('keeps no copy of the index: the database answers every search, even one written around the change log', async () => {
    if (service.database.kind === 'mongodb') return console.log('search: MongoDB searches its own index; it never has a memory copy')
    const category = await createCategory(service.payload, 'Notes')
    const article = await createArticle(service.payload, { title: 'Walrus notes', category })
    const search = async (q: string) => (await service.request().get('/api/search').query({ q })).body
    expect((await search('walrus')).data.map((hit: { id: number }) => hit.id)).toEqual([article.id])
    expect(await memorySearchIndexOf(service.payload)).toBeUndefined()
    const db = (await sqlOf(service.payload))!
    if (db.dialect === 'sqlite') await db.run(db.sql`UPDATE ${db.sql.raw(FTS_TABLE)} SET body = ${'walrus tusk'} WHERE rowid = ${article.id * 2}`)
    else await db.run(db.sql`UPDATE ${db.sql.raw(PG_TABLE)} SET body = ${'walrus tusk'} WHERE kind = 'article' AND record_id = ${article.id}`)
    expect((await search('tusk')).pagination.total).toBe(1)
  })
})
