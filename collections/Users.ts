import type { CollectionConfig } from 'payload'
import { select } from 'payload/shared'

import { adminOnlyField } from '../access/adminOnlyField'
import { adminOrSelf } from '../access/adminOrSelf'
import { canUseAdminPanel } from '../access/canUseAdminPanel'
import { isAdmin } from '../access/isAdmin'
import { canReadUsers, ownAccountField } from '../access/publicProfiles'
import { urlField } from '../fields/urlField'
import { hashPasswordForUnknownEmail } from '../hooks/hashPasswordForUnknownEmail'
import { makeFirstUserAdmin } from '../hooks/makeFirstUserAdmin'
import { releaseLoginAttempt, throttleLogin } from '../hooks/throttleLogin'
import { outageAwareJwt } from '../lib/outageAwareJwt'
import { PUBLIC_FIELDS_KEY } from '../lib/publicFields'
import { forgotPasswordEndpoint, noEmailVerificationEndpoint } from '../lib/passwordReset'
import { hasRole, ROLES } from '../lib/roles'

export const USERS_SLUG = 'users'

export const Users: CollectionConfig = {
  slug: USERS_SLUG,
  auth: {
    // Payload's lockout is per account: anyone could lock the admin out. throttleLogin limits per IP and per
    // account and IP instead.
    maxLoginAttempts: 0,
    tokenExpiration: 2 * 60 * 60,
    useSessions: true,
    // Payload's own JWT check, telling the doors when a token could not be checked for want of the database.
    strategies: [outageAwareJwt],
  },
  access: {
    admin: canUseAdminPanel,
    create: isAdmin,
    delete: isAdmin,
    read: canReadUsers,
    // Payload lets any signed-in account unlock any other by email, and answers differently for an unknown one.
    unlock: isAdmin,
    update: adminOrSelf,
  },
  // What the public site shows of an account (endpoints/publicUserFields.ts): saving anything else, such as a
  // password, a session or a reset token, leaves the public cache alone.
  custom: { [PUBLIC_FIELDS_KEY]: ['name', 'avatar'] },
  // Before Payload's own routes of the same path, which they replace.
  endpoints: [forgotPasswordEndpoint(USERS_SLUG), noEmailVerificationEndpoint],
  admin: {
    defaultColumns: ['email', 'name', 'roles', 'updatedAt'],
    group: 'Site',
    hidden: ({ user }) => !hasRole(user, 'admin'),
    listSearchableFields: ['email', 'name'],
    useAsTitle: 'email',
  },
  hooks: {
    afterLogin: [releaseLoginAttempt],
    beforeChange: [makeFirstUserAdmin],
    // The throttle first: a refused attempt costs no hashing.
    beforeOperation: [throttleLogin, hashPasswordForUnknownEmail],
  },
  fields: [
    // Payload's own email field, with the read rule of a private field added.
    { name: 'email', type: 'email', access: { read: ownAccountField } },
    { name: 'name', type: 'text', admin: { description: 'Shown as the author of articles and wall messages.' } },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      // Not `required`, which would make `roles` a required key of every create in a host's own code: the default
      // applies when none is given, and an empty list is refused here.
      defaultValue: ['user'],
      validate: (value, options) => (Array.isArray(value) && value.length > 0 ? select(value, options) : 'A user needs at least one role'),
      saveToJWT: true,
      options: ROLES.map((role) => ({ label: role[0]!.toUpperCase() + role.slice(1), value: role })),
      access: { create: adminOnlyField, read: ownAccountField, update: adminOnlyField },
      admin: { description: 'Admins manage everything; editors manage content; users may sign the wall.' },
    },
    urlField({ name: 'avatar', admin: { description: 'Image URL used next to wall messages.' } }),
  ],
}
