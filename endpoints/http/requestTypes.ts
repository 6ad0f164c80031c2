import type { TypedUser } from 'payload'

export type ApiUser = TypedUser & { _sid?: string; collection: string }

declare global {
  // Express's Request is extended by declaration merging; this is the only place it is.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by commonHeaders. */
      requestId: string
      /** Set by authenticate: the bearer token's user, or null for anonymous callers. */
      user?: ApiUser | null
    }
  }
}
