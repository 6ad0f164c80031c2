import type { Payload } from 'payload'

import { USERS_SLUG } from '../collections/Users'
import { ownOriginHeaders } from './crossOriginCookies'
import { refusalFor } from './payloadErrorBody'
import { isStaff } from './roles'

/**
 * The admin UI calls Payload's server functions (form state, list and document rendering, ...) as Next server actions:
 * a POST with a `Next-Action` header. They are for staff, and for the first account's sign-up before any exists.
 * Called by anyone else, Next answered 500 whenever the function threw (an unknown name, a body it could not decode,
 * Payload's own "Unauthorized") and printed the error with its stack: any stranger could fill the log and make
 * 500s. So such a call is answered here, before Next: 401 without a session, 403 with a site member's.
 * Next also runs an action posted as a form, its id in a `$ACTION_ID_…` field and no header at all, so every POST is
 * taken for one: the admin UI posts nothing else to its pages. Undefined: Next answers it. A host app whose own Next
 * serves the admin UI reaches it from its `proxy.ts`, with the Payload instance its route handlers use
 * (endpoints/http/refusalBeforeNext.ts). A session cookie sent from another origin counts for nothing
 * (lib/crossOriginCookies.ts): Next would refuse the action itself, with a 500.
 */
export const serverActionRefusal = async (payloadOrInit: Payload | Promise<Payload>, request: Pick<Request, 'headers' | 'method'>): Promise<Response | undefined> => {
  if (request.method !== 'POST' && !request.headers.has('next-action')) return undefined
  const payload = await payloadOrInit
  const headers = ownOriginHeaders(request.headers, payload.config.csrf)
  const { user } = await payload.auth({ headers })
  if (isStaff(user)) return undefined
  if (user) return refusalFor(user)
  const accounts = await payload.count({ collection: USERS_SLUG, overrideAccess: true })
  return accounts.totalDocs === 0 ? undefined : refusalFor(null)
}
