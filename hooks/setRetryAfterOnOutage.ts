import type { AfterErrorHook } from 'payload'

import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../lib/db/databaseUnavailable'

/** Payload's REST answers an unreachable database with 503; this adds the `Retry-After` a client or balancer reads. */
export const setRetryAfterOnOutage: AfterErrorHook = ({ error, req }) => {
  if (!(error instanceof DatabaseUnavailableError)) return
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  req.responseHeaders = headers
}
