import type { Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { type Doc, relationId } from './serializers/common'

export type Byline = { id: number; name: string | null }

/**
 * The bylines of a batch of articles, in one query. Only authors' names are read: they are shown publicly, while
 * the accounts themselves stay private.
 */
export const articleAuthors = async (payload: Payload, docs: Doc[]): Promise<Map<number, Byline>> => {
  const ids = [...new Set(docs.map((doc) => relationId(doc.author)).filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const { docs: users } = await payload.find({
    collection: USERS_SLUG,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { name: true },
    where: { id: { in: ids } },
  })
  const names = new Map(users.map((user) => [Number(user.id), typeof user.name === 'string' && user.name ? user.name : null]))
  return new Map(ids.map((id) => [id, { id, name: names.get(id) ?? null }]))
}

export const articleAuthor = async (payload: Payload, doc: Doc): Promise<Byline | null> => {
  const id = relationId(doc.author)
  return id === null ? null : ((await articleAuthors(payload, [doc])).get(id) ?? null)
}
