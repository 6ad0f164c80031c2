import type { Payload } from 'payload'

import { clientAddressOf } from '../../lib/clientAddress'
import type { ServiceEnv } from '../../lib/env'
import { authenticate } from './authenticate'
import { startCommonHeaders } from './commonHeaders'
import { preflightAnswer } from './cors'
import { readJsonBody } from './jsonBody'
import { refuseMalformedPath } from './malformedPaths'
import { refuseNulInQuery } from './refuseNulInQuery'
import type { ApiMiddleware } from './requestTypes'

/** Logged once by an app whose host cannot tell its clients apart. */
export const NO_CLIENT_ADDRESS_WARNING =
  'The /api app cannot tell its clients apart: its host gives no peer address and TRUST_PROXY is off, so all of them ' +
  'share one budget of each per-IP limit (searches, wall messages, likes, logins). Behind a reverse proxy that sets ' +
  'X-Forwarded-For, set TRUST_PROXY=true.'

const WALL_MESSAGES = '/api/wall-messages'
const WALL_BODY_LIMIT = 100 * 1024
const DEFAULT_BODY_LIMIT = 1024 * 1024

/** The peer's address where the host is Node (@hono/node-server's bindings); other hosts cannot tell it. */
const peerAddressOf = (bindings: unknown): string | undefined =>
  (bindings as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress

const bodyLimitOf = (path: string): number =>
  path === WALL_MESSAGES || path.startsWith(`${WALL_MESSAGES}/`) ? WALL_BODY_LIMIT : DEFAULT_BODY_LIMIT

/**
 * What every `/api` request goes through before its route, in this order: the common headers, a CORS preflight's
 * answer, the refusal of a malformed path, the client's address, the JSON body of a write, the refusal of U+0000 in
 * the query, the bearer token. One middleware rather than seven: each hand-off between middlewares is a promise, and
 * they were a measurable part of a cached read.
 */
export const plumbing = (payload: Payload, env: Pick<ServiceEnv, 'corsOrigins' | 'trustProxy'>): ApiMiddleware => {
  let warnedOfNoAddress = false
  return async (c, next) => {
    startCommonHeaders(c, env.corsOrigins)
    const preflight = preflightAnswer(c, env.corsOrigins)
    if (preflight) return preflight
    refuseMalformedPath(c)
    const peerAddress = peerAddressOf(c.env)
    if (peerAddress === undefined && !env.trustProxy && !warnedOfNoAddress) {
      warnedOfNoAddress = true
      payload.logger.warn(NO_CLIENT_ADDRESS_WARNING)
    }
    c.set('trustProxy', env.trustProxy)
    c.set('clientIp', clientAddressOf(c.req.raw.headers, peerAddress, env.trustProxy))
    await readJsonBody(c, bodyLimitOf(c.req.path))
    refuseNulInQuery(c)
    await authenticate(payload, c)
    await next()
  }
}
