import type { Payload } from 'payload'

import { publicUserField } from './publicUserFields'
import { type Doc, relationId } from './serializers/common'

export type Byline = { id: number; name: string | null }

/** The bylines of a batch of articles, in one query. */
export const articleAuthors = async (payload: Payload, docs: Doc[]): Promise<Map<number, Byline>> => {
  const names = await publicUserField(payload, docs, 'author', 'name')
  return new Map([...names].map(([id, name]) => [id, { id, name }]))
}

export const articleAuthor = async (payload: Payload, doc: Doc): Promise<Byline | null> => {
  const id = relationId(doc.author)
  return id === null ? null : ((await articleAuthors(payload, [doc])).get(id) ?? null)
}
