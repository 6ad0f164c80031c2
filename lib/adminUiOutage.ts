import type { Payload } from 'payload'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './db/databaseUnavailable'
import { outageMonitorOf } from './db/outages'
import { tokenMetOutage } from './outageAwareJwt'

const NEXT_ASSETS = /^\/_next\//

/**
 * The admin UI's pages check the editor's session cookie in Next's own Payload instance, which reads a database
 * error as "no user" and sends the editor to the login page (which then fails). So before Next: while the
 * database is known to be down every page answers 503 with `Retry-After`; otherwise a request carrying a session
 * whose account cannot be read for want of the database does, and the editor stays logged in. Undefined: let Next answer.
 */
export const adminUiOutageResponse = async (payload: Payload, path: string, cookie: string | null): Promise<Response | undefined> => {
  if (NEXT_ASSETS.test(path)) return undefined
  const down = outageMonitorOf(payload.db)?.isDown() === true
  if (!down && !(cookie && (await tokenMetOutage(new Headers({ cookie }), payload)))) return undefined
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  })
}
