import type { Payload } from 'payload'

import { counterColumn, counterRowId } from '../../lib/db/counterRows'

/** Test setup writes through the Local API as the system (access is what the tests check, not what they set up). */
const system = { overrideAccess: true } as const

export const createCategory = async (payload: Payload, name: string, type: 'article' | 'project' = 'article') =>
  Number((await payload.create({ collection: 'categories', data: { name, type }, ...system })).id)

export const createArticle = async (payload: Payload, data: Record<string, unknown>) =>
  payload.create({
    collection: 'articles',
    data: { content: 'Some *Markdown* content.', status: 'published', ...data } as never,
    ...system,
  })

export const createProject = async (payload: Payload, data: Record<string, unknown>) =>
  payload.create({
    collection: 'projects',
    data: { description: 'A project', status: 'published', ...data } as never,
    ...system,
  })

/** Sets createdAt directly, so ordering tests do not depend on the clock's resolution. */
export const setCreatedAt = async (payload: Payload, collection: 'articles' | 'projects', id: number | string, iso: string) =>
  payload.db.updateOne({ collection, id, data: { createdAt: iso } })

/** Sets a record's counts directly in its counters row (`{ viewCount: 10 }`), as a site's history would have them. */
export const setCounts = async (payload: Payload, collection: 'articles' | 'projects' | 'resources', id: number, counts: Record<string, number>) => {
  const row = await counterRowId(payload, collection, id)
  if (row === undefined) throw new Error(`no ${collection} ${id}`)
  const data = Object.fromEntries(Object.entries(counts).map(([field, value]) => [counterColumn(payload, collection, field), value]))
  await payload.db.updateOne({ collection: 'counters', id: row, data })
}
