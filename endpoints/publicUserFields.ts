import type { Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { type Doc, optionalString, relationId } from './serializers/common'

type PublicUserField = 'avatar' | 'name'

/**
 * One public field (a byline name, an avatar) of the users that a batch of records points at, in one query.
 * Only that field is read: it is shown publicly, while the accounts themselves stay private (users are not
 * readable by visitors, so this reads past access, for that one field).
 */
export const publicUserField = async (
  payload: Payload,
  docs: Doc[],
  relation: string,
  field: PublicUserField,
): Promise<Map<number, string | null>> => {
  const ids = [...new Set(docs.map((doc) => relationId(doc[relation])).filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const { docs: users } = await payload.find({
    collection: USERS_SLUG,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { [field]: true },
    where: { id: { in: ids } },
  })
  const values = new Map(users.map((user) => [Number(user.id), optionalString((user as Doc)[field])]))
  return new Map(ids.map((id) => [id, values.get(id) ?? null]))
}
