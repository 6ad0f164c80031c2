import type { Payload } from 'payload'

import { PUBLIC_PROFILES_CONTEXT } from '../access/publicProfiles'
import { USERS_SLUG } from '../collections/Users'
import { optionalString } from './serializers/common'

type PublicUserField = 'avatar' | 'name'

/**
 * One public profile field (a byline name, an avatar) of a batch of users, in one query. The users collection
 * decides what is public (access/publicProfiles.ts): this reads as an anonymous visitor asking for profiles.
 */
export const publicUserField = async (
  payload: Payload,
  userIds: (number | null)[],
  field: PublicUserField,
): Promise<Map<number, string | null>> => {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const { docs: users } = await payload.find({
    collection: USERS_SLUG,
    context: { [PUBLIC_PROFILES_CONTEXT]: true },
    depth: 0,
    overrideAccess: false,
    pagination: false,
    select: { [field]: true },
    where: { id: { in: ids } },
  })
  const values = new Map(users.map((user) => [user.id, optionalString(user[field])]))
  return new Map(ids.map((id) => [id, values.get(id) ?? null]))
}
