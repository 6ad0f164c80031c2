import type { RelationshipField, Validate } from 'payload'
import { relationship } from 'payload/shared'

import { isStaff } from '../lib/roles'
import { emptyInDuplicate } from './emptyInDuplicate'

const idOf = (value: unknown): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, 'id') : value)

/**
 * Anyone who writes through a door (REST, GraphQL, the admin UI) may name only an admin or an editor as the author:
 * a member named so was shown to readers as the article's author. An author kept as it was is not looked at again
 * (an editor who later became a member still wrote what they wrote), nor is one set by server code, an import
 * included. A document that does not exist is left to the database's foreign key, which names it.
 */
const staffAuthor: Validate = async (value, options) => {
  const valid = await relationship(value, options as Parameters<typeof relationship>[1])
  // The admin UI's form state (`onChange`) is left alone: the field is read-only there, and its save is checked.
  if (valid !== true || options.overrideAccess || options.event === 'onChange') return valid
  const id = idOf(value)
  if ((typeof id !== 'number' && typeof id !== 'string') || id === idOf(options.previousValue)) return true
  const { req } = options
  // An id the database cannot look up (Postgres refuses 1.5 for an integer, and the save's transaction with it) is
  // the foreign key's to refuse.
  const lookable = typeof id === 'number' ? Number.isSafeInteger(id) : req.payload.db.defaultIDType !== 'number' || /^-?\d+$/.test(id)
  if (!lookable) return true
  const user = await req.payload
    .findByID({ collection: 'users', id, depth: 0, disableErrors: true, overrideAccess: true, req, select: { roles: true } })
    .catch(() => null)
  return !user || isStaff(user) ? true : 'The author must be an admin or an editor.'
}

/** The author: the account that created the article (hooks/setAuthor.ts) unless someone names another. */
export const authorField: RelationshipField = {
  name: 'author',
  type: 'relationship',
  relationTo: 'users',
  validate: staffAuthor,
  hooks: { beforeDuplicate: [emptyInDuplicate] },
  admin: { position: 'sidebar', readOnly: true },
}
