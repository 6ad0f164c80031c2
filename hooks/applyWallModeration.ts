import type { CollectionBeforeChangeHook } from 'payload'

import { isStaff } from '../lib/roles'

/**
 * With moderation on (`WALL_MODERATION`), a new message starts `pending` unless a staff member wrote it (who chooses
 * its status, `approved` by default). The setting lives here, not in the column's default: a default that follows
 * the setting changed the schema, and switching it broke the next start.
 */
export const applyWallModeration =
  (moderation: boolean): CollectionBeforeChangeHook =>
  ({ data, operation, req }) =>
    moderation && operation === 'create' && !isStaff(req.user) ? { ...data, status: 'pending' } : data
