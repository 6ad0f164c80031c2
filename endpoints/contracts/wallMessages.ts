import { z } from 'zod'

import { paginationQuery } from '../http/pagination'
import { wallMessageBody } from '../wallMessageBody'
import { count, dataEnvelope, isoDateTime, recordId } from './envelope'
import { defineRoute, errors } from './route'

export const wallMessageItemSchema = z
  .strictObject({
    id: recordId,
    nickname: z.string(),
    content: z.string(),
    avatar: z.string().meta({ description: "The author's avatar, else a Gravatar of their email, else an identicon" }),
    createdAt: isoDateTime,
  })
  .meta({ id: 'WallMessage' })

export type WallMessageItem = z.infer<typeof wallMessageItemSchema>

export const listWallMessages = defineRoute({
  method: 'get',
  path: '/wall-messages',
  operationId: 'listWallMessages',
  tag: 'Wall',
  summary: 'Approved messages, newest first',
  access: 'token-aware',
  query: z.object(paginationQuery({ defaultLimit: 20, maxLimit: 100 })),
  responses: {
    200: {
      description: 'One page',
      json: dataEnvelope(z.array(wallMessageItemSchema), { total: count, page: z.int().min(1), limit: z.int().min(1) }),
    },
  },
})

export const postWallMessage = defineRoute({
  method: 'post',
  path: '/wall-messages',
  operationId: 'postWallMessage',
  tag: 'Wall',
  summary: 'Sign the wall',
  description:
    'Anyone may post (a signed-in author may leave the nickname out). Messages wait for moderation unless the site approves them at once; ' +
    'each client IP has a rate limit per minute. `homepage` is a honeypot: leave it out.',
  access: 'token-aware',
  body: wallMessageBody,
  responses: {
    201: {
      description: 'The message as stored; `moderation` is there when it waits for an editor before it is listed',
      json: dataEnvelope(wallMessageItemSchema, {
        moderation: z.literal('pending').optional().meta({ description: 'Present when the message awaits moderation (WALL_MODERATION=true)' }),
      }),
    },
    ...errors(429),
  },
})

export const wallMessageRoutes = [listWallMessages, postWallMessage]
