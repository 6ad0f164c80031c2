import { Router } from 'express'
import type { Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { WALL_MESSAGES_SLUG } from '../collections/WallMessages'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { parsePagination } from './http/pagination'
import { type Doc, optionalString, relationId } from './serializers/common'
import { wallMessageItem } from './serializers/wallMessage'

/** Avatars of the signed-in authors on one page, in one query. Only the avatar URL is read. */
const avatarsOf = async (payload: Payload, docs: Doc[]): Promise<Map<number, string>> => {
  const ids = [...new Set(docs.map((doc) => relationId(doc.user)).filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const { docs: users } = await payload.find({
    collection: USERS_SLUG,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { avatar: true },
    where: { id: { in: ids } },
  })
  return new Map(
    users.flatMap((user) => {
      const avatar = optionalString((user as Doc).avatar)
      return avatar ? [[Number(user.id), avatar] as const] : []
    }),
  )
}

/** GET /wall-messages: approved messages, newest first. */
export const wallMessageRoutes = (payload: Payload): Router => {
  const router = Router()

  router.get('/', async (req, res) => {
    const { page, limit } = parsePagination(req.query, { defaultLimit: 20, maxLimit: 100 })
    const result = await payload.find({
      collection: WALL_MESSAGES_SLUG,
      depth: 0,
      limit,
      overrideAccess: false,
      page,
      select: { nickname: true, content: true, emailHash: true, user: true, createdAt: true },
      sort: ['-createdAt', '-id'],
      user: req.user,
      where: { status: { equals: 'approved' } },
    })
    const docs = result.docs as Doc[]
    const avatars = await avatarsOf(payload, docs)
    setPublicCaching(req, res)
    sendData(res, docs.map((doc) => wallMessageItem(doc, avatars)), { total: result.totalDocs, page, limit })
  })

  return router
}
