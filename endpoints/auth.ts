import { Router } from 'express'
import { createLocalReq, logoutOperation, type Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { clientIpHeaders } from '../lib/clientIpHeader'
import { LoginThrottledError } from '../lib/loginThrottledError'
import { login } from './contracts/auth'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'
import { parseWith } from './http/validation'
import { serializeUser } from './serializers/user'

/** POST /auth/login, GET /auth/me, POST /auth/logout: Payload's own accounts and sessions, and the login throttle. */
export const authRoutes = (payload: Payload): Router => {
  const router = Router()

  router.post('/login', async (req, res) => {
    const { email, password } = parseWith(login.body, req.body)
    try {
      // The client's address goes where the users collection's login throttle reads it on every door.
      const result = await payload.login({
        collection: USERS_SLUG,
        data: { email, password },
        req: { headers: clientIpHeaders(req.ip) },
      })
      if (!result.token || !result.user) throw new ApiError('UNAUTHORIZED', 'Email or password is incorrect')
      sendData(res, { token: result.token, exp: result.exp, user: serializeUser(result.user) })
    } catch (error) {
      if (error instanceof LoginThrottledError) {
        throw new ApiError('RATE_LIMITED', error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) })
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
