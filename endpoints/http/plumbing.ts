import { Hono, type MiddlewareHandler, type Next, type NotFoundHandler } from 'hono'
import type { Payload } from 'payload'

import { clientAddressOf } from '../../lib/clientAddress'
import type { ServiceEnv } from '../../lib/env'
import { authenticate } from './authenticate'
import { startCommonHeaders } from './commonHeaders'
import { preflightAnswer } from './cors'
import { readJsonBody } from './jsonBody'
import { refuseMalformedPath } from './malformedPaths'
import { refuseNulInQuery } from './refuseNulInQuery'
import type { ApiContext, ApiEnv } from './requestTypes'

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

type Step = Response | undefined | Promise<Response | undefined | void>

/**
 * What every `/api` request goes through before its route, in this order: the common headers, a CORS preflight's
 * answer, the refusal of a malformed path, the client's address, the JSON body of a write, the refusal of U+0000 in
 * the query, the bearer token. A response ends the request there. It returns a promise only when it has to wait (a
 * body to read, a token to check), so an anonymous read goes on in the same turn.
 */
const plumbingSteps = (payload: Payload, env: Pick<ServiceEnv, 'corsOrigins' | 'trustProxy'>) => {
  let warnedOfNoAddress = false
  const afterBody = (c: ApiContext) => {
    refuseNulInQuery(c)
    return authenticate(payload, c)
  }
  return (c: ApiContext): Step => {
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
    const reading = readJsonBody(c, bodyLimitOf(c.req.path))
    return reading ? reading.then(() => afterBody(c)) : afterBody(c)
  }
}

type Handler = (c: ApiContext, next: Next) => Response | Promise<Response | void>

/**
 * Runs the plumbing before `handler` unless an earlier handler of the same request ran it. Every route's handlers and
 * the 404 are wrapped in it rather than preceded by a middleware: Hono answers a route of one handler without
 * promises when the handler returns a Response, and that was about 7 % less CPU per request than behind an async
 * middleware (28.8 against 31.0 µs in a bare Hono app on this machine, 2026-12-02).
 */
const plumbedBefore = (steps: (c: ApiContext) => Step) => (handler: Handler) => (c: ApiContext, next: Next) => {
  if (c.get('requestId') !== undefined) return handler(c, next)
  const step = steps(c)
  if (step === undefined) return handler(c, next)
  if (step instanceof Response) return step
  return step.then((answer) => answer ?? handler(c, next))
}

export type Plumbing = {
  /** The routes of `app`, each with the plumbing run before its first handler. */
  routes: (app: Hono<ApiEnv>) => Hono<ApiEnv>
  /** `answerNoRoute` (or another 404) with the plumbing run first. */
  notFound: (handler: NotFoundHandler<ApiEnv>) => NotFoundHandler<ApiEnv>
}

export const plumbing = (payload: Payload, env: Pick<ServiceEnv, 'corsOrigins' | 'trustProxy'>): Plumbing => {
  const before = plumbedBefore(plumbingSteps(payload, env))
  return {
    routes: (app) => {
      const plumbed = new Hono<ApiEnv>()
      for (const { method, path, handler } of app.routes) plumbed.on(method, [path], before(handler as Handler) as MiddlewareHandler<ApiEnv>)
      return plumbed
    },
    notFound: (handler) => before((c) => handler(c)) as NotFoundHandler<ApiEnv>,
  }
}
