import { Hono } from 'hono'
import type { Payload } from 'payload'

import { PUBLIC_WALL_CONTEXT } from '../access/canCreateWallMessage'

import { WALL_MESSAGES_SLUG } from '../collections/WallMessages'
import { HONEYPOT_CONTEXT } from '../hooks/markHoneypotSpam'
import { leavingDefaults } from '../lib/createData'
import { cacheScopeOf } from '../lib/publicFields'
import type { WallMessage } from '../payload-types'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'
import { listWallMessages, postWallMessage } from './contracts/wallMessages'
import { parseQueryParams } from './http/query'
import { sendPublicRead } from './http/publicResponse'
import { rateLimit } from './http/rateLimit'
import type { ApiEnv, ApiUser } from './http/requestTypes'
import { objectBody } from './http/schemas'
import { parseWith } from './http/validation'
import { publicUserField } from './publicUserFields'
import { relationId } from './serializers/common'
import { wallMessageItem } from './serializers/wallMessage'
import { setHeader } from './http/responseHeaders'

/** A signed-in author who leaves the nickname out signs with their name (or their email's local part). */
const nicknameOf = (user: ApiUser): string => {
  const name = user.name?.trim() || user.email.split('@')[0] || 'member'
  return Array.from(name).slice(0, 50).join('')
}

/** Avatars of the signed-in authors of a batch of messages, in one query. */
const avatarsOf = (payload: Payload, docs: Pick<WallMessage, 'user'>[]) =>
  publicUserField(payload, docs.map((doc) => relationId(doc.user)), 'avatar')

/**
 * Whether the answer says the message awaits moderation. A honeypot message is stored as spam, but answers as any
 * other message would under the site's setting: a bot must not learn that it was caught.
 */
const awaitsModeration = (created: Pick<WallMessage, 'status'>, honeypotFilled: boolean, moderation: boolean): boolean =>
  honeypotFilled ? moderation : created.status === 'pending'

/**
 * GET /wall-messages (approved messages, newest first; anonymous answers kept `answerTtl` seconds, and a new message
 * clears them) and POST /wall-messages (sign the wall; `moderation` is the WALL_MODERATION setting).
 */
export const wallMessageRoutes = (payload: Payload, ratePerMinute: number, answerTtl: number, moderation: boolean): Hono<ApiEnv> => {
  // Every attempt counts, accepted or not, so a bot cannot probe the validation for free.
  const limited = rateLimit(payload, { keyPrefix: 'wall-post', perMinute: ratePerMinute, message: 'Too many messages; please wait a minute' })
  // The scope the collection declares, which its changes clear (hooks/clearPublicCache.ts): one name, in its config.
  const scope = cacheScopeOf(payload.collections[WALL_MESSAGES_SLUG].config.custom)

  return new Hono<ApiEnv>()
    .post('/', limited, async (c) => {
      const user = c.get('user')
      const input = parseWith(postWallMessage.body, parseWith(objectBody, c.get('body')))
      const nickname = input.nickname || (user ? nicknameOf(user) : undefined)
      if (!nickname) throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: 'nickname', message: 'is required' }])

      const created = await payload.create({
        collection: WALL_MESSAGES_SLUG,
        data: leavingDefaults<typeof WALL_MESSAGES_SLUG, 'status'>({ nickname, content: input.content, email: input.email, website: input.website }),
        context: { [PUBLIC_WALL_CONTEXT]: true, [HONEYPOT_CONTEXT]: Boolean(input.homepage) },
        depth: 0,
        overrideAccess: false,
        user,
      })
      setHeader(c, 'Cache-Control', 'no-store')
      const meta = awaitsModeration(created, Boolean(input.homepage), moderation) ? { moderation: 'pending' } : {}
      return sendData(c, wallMessageItem(created, await avatarsOf(payload, [created])), meta, 201)
    })
    .get('/', (c) => {
      const inputs = parseQueryParams(listWallMessages.query, c.req.queries())
      return sendPublicRead(c, { ttl: answerTtl, scope, inputs }, async () => {
        const { page, limit } = inputs
        const result = await payload.find({
          collection: WALL_MESSAGES_SLUG,
          depth: 0,
          limit,
          overrideAccess: false,
          page,
          select: { nickname: true, content: true, emailHash: true, user: true, createdAt: true },
          sort: ['-createdAt', '-id'],
          user: c.get('user'),
          where: { status: { equals: 'approved' } },
        })
        const avatars = await avatarsOf(payload, result.docs)
        return { data: result.docs.map((doc) => wallMessageItem(doc, avatars)), meta: { total: result.totalDocs, page, limit } }
      })
    })
}
