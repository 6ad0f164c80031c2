import { Hono } from 'hono'
import type { Payload } from 'payload'

import { type SKILL_CATEGORIES, SKILLS_SLUG } from '../collections/Skills'
import { sendPublicRead } from './http/publicResponse'
import type { ApiEnv } from './http/requestTypes'
import { skillItem } from './serializers/skill'

type SkillGroups = Record<(typeof SKILL_CATEGORIES)[number], ReturnType<typeof skillItem>[]>

/** Every skill grouped by category, each group by `order`, then the higher level first. */
const loadSkillGroups = async (payload: Payload): Promise<SkillGroups> => {
  const { docs } = await payload.find({
    collection: SKILLS_SLUG,
    depth: 0,
    overrideAccess: false,
    pagination: false,
    sort: ['order', '-level', 'id'],
  })
  const groups: SkillGroups = { frontend: [], backend: [], tool: [], other: [] }
  for (const doc of docs) {
    // A value stored before the category list changed is shown under "other".
    groups[Object.hasOwn(groups, doc.category) ? doc.category : 'other'].push(skillItem(doc))
  }
  return groups
}

/** GET /skills, cached (serialised, with its ETag) for `ttl` seconds and cleared by any change to a skill. */
export const skillRoutes = (payload: Payload, ttl: number): Hono<ApiEnv> =>
  new Hono<ApiEnv>().get('/', (c) =>
    sendPublicRead(c, { ttl, maxAge: ttl, sharedKey: 'skills' }, async () => ({ data: await loadSkillGroups(payload) })),
  )
