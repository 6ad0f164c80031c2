import { jwtVerify } from 'jose'
import { type AuthStrategy, type AuthStrategyFunctionArgs, type CollectionSlug, JWTAuthentication, type Payload } from 'payload'
import { parseCookies } from 'payload/shared'

import { isDatabaseUnavailable } from './db/databaseUnavailable'
import { reportDatabaseError } from './db/outages'

/** Requests whose token could not be checked because the database was unreachable, by their headers object. */
const metOutage = new WeakSet<Headers>()

/**
 * Whether authenticating the request with these headers found no user only because the database could not be
 * reached: the door answers 503 then, never 401 or the anonymous view, so a client keeps its good token.
 */
export const authMetOutage = (headers: Headers): boolean => metOutage.has(headers)

const tokenOf = (headers: Headers, payload: Payload): string | undefined => {
  const authorization = headers.get('authorization') ?? ''
  const scheme = /^(?:JWT|Bearer) (\S+)$/.exec(authorization)
  return scheme?.[1] ?? parseCookies(headers).get(`${payload.config.cookiePrefix}-token`) ?? undefined
}

type TokenSubject = { id: number | string; collection: string }

/** The account a correctly signed, unexpired token names; `undefined` for anything else (checks no session). */
const signedSubject = async (token: string, payload: Payload): Promise<TokenSubject | undefined> => {
  try {
    const { payload: claims } = await jwtVerify(token, new TextEncoder().encode(payload.secret))
    const { id, collection } = claims
    return (typeof id === 'number' || typeof id === 'string') && typeof collection === 'string' ? { id, collection } : undefined
  } catch {
    return undefined
  }
}

/** Reads the account again: the read Payload's strategy made, whose error it does not pass on. */
const accountUnreadable = async (subject: TokenSubject, payload: Payload): Promise<boolean> => {
  const collection = Object.hasOwn(payload.collections, subject.collection) ? (subject.collection as CollectionSlug) : undefined
  if (!collection || !payload.collections[collection].config.auth) return false
  try {
    await payload.db.findOne({ collection, where: { id: { equals: subject.id } } })
    return false
  } catch (error) {
    reportDatabaseError(payload.db, error)
    return isDatabaseUnavailable(error)
  }
}

/** Whether the request carries a correctly signed token whose account cannot be read for want of the database. */
export const tokenMetOutage = async (headers: Headers, payload: Payload): Promise<boolean> => {
  const token = tokenOf(headers, payload)
  const subject = token === undefined ? undefined : await signedSubject(token, payload)
  return subject !== undefined && (await accountUnreadable(subject, payload))
}

/**
 * Payload's JWT strategy, which reads the token's account, swallows every error: with the database down, a valid
 * token reads as no user (401 on `/api`, the anonymous view or 403 on `/cms-api`). This runs it first and, when it
 * found no user for a correctly signed token, tells whether the database was the reason (`authMetOutage`). Only a
 * signed token costs the extra read, so forged ones cannot make work.
 */
export const outageAwareJwt: AuthStrategy = {
  name: 'local-jwt-outage-aware',
  authenticate: async (args: AuthStrategyFunctionArgs) => {
    const result = await JWTAuthentication({ ...args, strategyName: 'local-jwt' })
    if (result.user) return result
    if (await tokenMetOutage(args.headers, args.payload)) metOutage.add(args.headers)
    return result
  },
}
