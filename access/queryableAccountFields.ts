import { isStaff } from '../lib/roles'

/** What Payload keeps on an account to sign it in: no query from outside the process filters or sorts by them, staff's neither. */
const SECRET_ACCOUNT_FIELDS = new Set([
  'apiKey',
  'apiKeyIndex',
  'hash',
  'lockUntil',
  'loginAttempts',
  'resetPasswordExpiration',
  'resetPasswordToken',
  'salt',
  'sessions',
  '_verificationToken',
])

/** The public profile of an account (access/publicProfiles.ts): what bylines and wall avatars show, and its id. */
const PUBLIC_ACCOUNT_FIELDS = new Set(['id', 'name', 'avatar'])

/**
 * May `user` filter or sort by this top-level field of an account (the users collection, or any collection with
 * `auth`), directly or through a relationship? Anonymous callers and members: the public profile only. Staff: all
 * but the secrets; Payload's own field access then decides (an editor cannot query others' emails, an admin can).
 */
export const mayQueryAccountField = (user: unknown, field: string): boolean =>
  isStaff(user) ? !SECRET_ACCOUNT_FIELDS.has(field) : PUBLIC_ACCOUNT_FIELDS.has(field)
