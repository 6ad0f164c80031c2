import { Router } from 'express'
import { createLocalReq, LockedAuth, logoutOperation, type Payload } from 'payload'
import { z } from 'zod'

import { USERS_SLUG } from '../collections/Users'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'
import { parseWith } from './http/validation'
import { serializeUser } from './serializers/user'

const loginBody = z.strictObject({
  email: z.email({ message: 'must be an email address' }).max(320),
  password: z.string().min(1, 'is required').max(1024),
})

const secondsUntilUnlocked = async (payload: Payload, email: string): Promise<number> => {
  const { docs } = await payload.find({
    collection: USERS_SLUG,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    showHiddenFields: true,
    where: { email: { equals: email.toLowerCase() } },
  })
  const lockUntil = (docs[0] as { lockUntil?: string } | undefined)?.lockUntil
  const seconds = lockUntil ? Math.ceil((new Date(lockUntil).getTime() - Date.now()) / 1000) : 60
  return Math.max(1, seconds)
}

/** POST /auth/login, GET /auth/me, POST /auth/logout: Payload's own accounts, sessions and lockout. */
export const authRoutes = (payload: Payload): Router => {
  const router = Router()

  router.post('/login', async (req, res) => {
    const { email, password } = parseWith(loginBody, req.body)
    try {
      const result = await payload.login({ collection: USERS_SLUG, data: { email, password } })
      if (!result.token || !result.user) throw new ApiError('UNAUTHORIZED', 'Email or password is incorrect')
      sendData(res, { token: result.token, exp: result.exp, user: serializeUser(result.user) })
    } catch (error) {
      if (error instanceof LockedAuth) {
        const retryAfter = await secondsUntilUnlocked(payload, email)
        throw new ApiError('RATE_LIMITED', 'Too many failed logins; try again later', undefined, {
          'Retry-After': String(retryAfter),
        })
      }
      if (error instanceof ApiError) throw error
      if ((error as { status?: number }).status === 401) {
        throw new ApiError('UNAUTHORIZED', 'Email or password is incorrect')
      }
      throw error
    }
  })

  router.get('/me', (req, res) => {
    if (!req.user) throw new ApiError('UNAUTHORIZED', 'Not logged in')
    res.setHeader('Cache-Control', 'no-store')
    sendData(res, serializeUser(req.user))
  })

  router.post('/logout', async (req, res) => {
    if (!req.user) throw new ApiError('UNAUTHORIZED', 'Not logged in')
    const localReq = await createLocalReq({ user: req.user }, payload)
    await logoutOperation({ collection: payload.collections[USERS_SLUG], req: localReq })
    sendData(res, { loggedOut: true })
  })

  return router
}
