import { z } from 'zod'

import { ROLES } from '../../lib/roles'
import { dataEnvelope, nullableText, recordId } from './envelope'
import { defineRoute, errors } from './route'

export const userSchema = z
  .strictObject({ id: recordId, email: z.string(), name: nullableText, roles: z.array(z.enum(ROLES)) })
  .meta({ id: 'User' })

export type ApiUserRecord = z.infer<typeof userSchema>

export const loginBody = z.strictObject({
  email: z.email({ message: 'must be an email address' }).max(320),
  password: z.string().min(1, 'is required').max(1024),
})

export const login = defineRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  tag: 'Accounts',
  summary: 'Sign in: a token for `Authorization: Bearer <token>`',
  description: 'Repeated failures for one account or one client IP are throttled (429 with `Retry-After`).',
  access: 'public',
  body: loginBody,
  responses: {
    200: {
      description: 'Signed in',
      json: dataEnvelope(z.strictObject({ token: z.string(), exp: z.int().meta({ description: 'Expiry, in seconds since 1970' }), user: userSchema })),
    },
    ...errors(401, 429),
  },
})

export const me = defineRoute({
  method: 'get',
  path: '/auth/me',
  operationId: 'me',
  tag: 'Accounts',
  summary: 'The signed-in user',
  access: 'signed-in',
  responses: { 200: { description: 'The user', json: dataEnvelope(userSchema) }, ...errors(401) },
})

export const logout = defineRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tag: 'Accounts',
  summary: 'Sign out: the token stops working',
  access: 'signed-in',
  responses: { 200: { description: 'Signed out', json: dataEnvelope(z.strictObject({ loggedOut: z.literal(true) })) }, ...errors(401) },
})

export const authRoutes = [login, me, logout]
