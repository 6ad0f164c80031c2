import { Forbidden, type PayloadRequest } from 'payload'

import { hasRole } from '../lib/roles'

/**
 * Payload's queue (`/cms-api/payload-jobs/run`, `/handle-schedules`, queueing and cancelling jobs): admins only. The
 * plugin runs the queue itself (lib/jobs/jobsRunner.ts, through the Local API, which skips this). Payload answers
 * a refused run with a 401; a signed-in caller who is not an admin gets a 403 instead, so a client does not take
 * it for an expired session.
 */
export const canRunJobs = ({ req }: { req: PayloadRequest }): boolean => {
  if (!req.user) return false
  if (!hasRole(req.user, 'admin')) throw new Forbidden(req.t)
  return true
}
