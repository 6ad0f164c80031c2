import { Hono } from 'hono'
import { createLocalReq, logoutOperation, type Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { RateLimitedError } from '../lib/payloadRouteLimits'
import { login } from './contracts/auth'
import { ApiError } from './http/apiError'
import { sendData } from './http/envelope'
import type { ApiContext, ApiEnv, ApiUser } from './http/requestTypes'
import { parseWith } from './http/validation'
import { serializeUser } from './serializers/user'
import { setHeader } from './http/responseHeaders'

const signedInUser = (c: ApiContext): ApiUser => {
  const user = c.get('user')
  if (!user) throw new ApiError('UNAUTHORIZED', 'Not logged in')
  return user
}

/** Payload's login failures as the contract answers them: a throttled address 429, wrong credentials 401. */
const loginFailure = (error: unknown): unknown => {
  if (error instanceof RateLimitedError) {
    return new ApiError('RATE_LIMITED', error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) })
  }
  if (error instanceof ApiError) return error
  if ((error as { status?: number }).status === 401) return new ApiError('UNAUTHORIZED', 'Email or password is incorrect')
  return error
}

/** POST /auth/login, GET /auth/me, POST /auth/logout: Payload's own accounts and sessions, and the login throttle. */
export const authRoutes = (payload: Payload): Hono<ApiEnv> =>
  new Hono<ApiEnv>()
    .post('/login', async (c) => {
      const { email, password } = parseWith(login.body, c.get('body'))
      try {
        // The client's address goes where the users collection's login throttle reads it on every door.
        const result = await payload.login({
          collection: USERS_SLUG,
          data: { email, password },
          req: { context: { clientIp: c.get('clientIp') } },
        })
        if (!result.token || !result.user) throw new ApiError('UNAUTHORIZED', 'Email or password is incorrect')
        return sendData(c, { token: result.token, exp: result.exp, user: serializeUser(result.user) })
      } catch (error) {
        throw loginFailure(error)
      }
    })
    .get('/me', (c) => {
      const user = signedInUser(c)
      setHeader(c, 'Cache-Control', 'no-store')
      return sendData(c, serializeUser(user))
    })
    .post('/logout', async (c) => {
      const localReq = await createLocalReq({ user: signedInUser(c) }, payload)
      await logoutOperation({ collection: payload.collections[USERS_SLUG], req: localReq })
      return sendData(c, { loggedOut: true })
    })
