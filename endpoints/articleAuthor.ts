import type { Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { type Doc, relationId } from './serializers/common'

/** The byline of an article: only the author's name is read; the account itself stays private. */
export const articleAuthor = async (payload: Payload, doc: Doc): Promise<{ id: number; name: string | null } | null> => {
  const id = relationId(doc.author)
  if (id === null) return null
  const author = await payload.findByID({
    collection: USERS_SLUG,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
    select: { name: true },
  })
  return { id, name: author && typeof author.name === 'string' && author.name ? author.name : null }
}
