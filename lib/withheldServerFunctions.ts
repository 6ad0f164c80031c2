import type { ServerFunction } from 'payload'

/**
 * Payload's own scheduled publishing is not configured here: articles and projects are scheduled with their "Publish
 * at" field. Its server functions would still queue a job of a task no one runs for any staff member who called them
 * (an editor added rows to `payload-jobs`, whose queue is admins' only, and each logged an error when it fell due).
 * Given to `handleServerFunctions` in the admin UI's layout, they answer in place of Payload's.
 */
export const withheldServerFunctions: Record<string, ServerFunction> = {
  'get-upcoming-scheduled-publish': () => [],
  'schedule-publish': () => ({ error: 'Schedule articles and projects with their "Publish at" field.' }),
}
