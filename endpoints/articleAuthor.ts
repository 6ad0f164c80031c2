import type { Payload } from 'payload'

import type { Article } from '../payload-types'
import { publicUserField } from './publicUserFields'
import type { Byline } from './serializers/article'
import { relationId } from './serializers/common'

/** The bylines of a batch of articles, in one query. */
export const articleAuthors = async (payload: Payload, docs: Pick<Article, 'author'>[]): Promise<Map<number, Byline>> => {
  const names = await publicUserField(payload, docs.map((doc) => relationId(doc.author)), 'name')
  return new Map([...names].map(([id, name]) => [id, { id, name }]))
}

export const articleAuthor = async (payload: Payload, doc: Pick<Article, 'author'>): Promise<Byline | null> => {
  const id = relationId(doc.author)
  return id === null ? null : ((await articleAuthors(payload, [doc])).get(id) ?? null)
}
