import type { CollectionConfig } from 'payload'

import { approvedOrStaff } from '../access/approvedOrStaff'
import { canCreateWallMessage } from '../access/canCreateWallMessage'
import { canManageContent } from '../access/canManageContent'
import { staffOnlyField } from '../access/staffOnlyField'
import { plainTextField } from '../fields/plainTextField'
import { urlField } from '../fields/urlField'
import { applyWallModeration } from '../hooks/applyWallModeration'
import { linkWallAuthor } from '../hooks/linkWallAuthor'
import { flagAwaitingModeration } from '../hooks/flagAwaitingModeration'
import { markHoneypotSpam } from '../hooks/markHoneypotSpam'
import { setEmailHash } from '../hooks/setEmailHash'
import { PUBLIC_CACHE_SCOPE_KEY, PUBLIC_WHEN_KEY } from '../lib/publicFields'

export const WALL_MESSAGES_SLUG = 'wall-messages'
export const WALL_STATUSES = ['approved', 'pending', 'spam'] as const

/** Visitors' messages. `moderation` decides whether new messages wait for an editor's approval. */
export const createWallMessages = (moderation: boolean): CollectionConfig => ({
  slug: WALL_MESSAGES_SLUG,
  access: { create: canCreateWallMessage, delete: canManageContent, read: approvedOrStaff, update: canManageContent },
  admin: {
    defaultColumns: ['nickname', 'content', 'status', 'createdAt'],
    description: 'Messages waiting for review come first. Select several to approve or mark them as spam together (Edit → Status).',
    group: 'Community',
    listSearchableFields: ['nickname', 'content'],
    useAsTitle: 'nickname',
  },
  custom: { [PUBLIC_WHEN_KEY]: { status: 'approved' }, [PUBLIC_CACHE_SCOPE_KEY]: WALL_MESSAGES_SLUG },
  defaultSort: ['-awaitingModeration', '-createdAt'],
  hooks: { beforeChange: [linkWallAuthor, setEmailHash, applyWallModeration(moderation), markHoneypotSpam, flagAwaitingModeration] },
  indexes: [{ fields: ['status', 'createdAt'] }, { fields: ['awaitingModeration', 'createdAt'] }],
  fields: [
    plainTextField({ name: 'nickname', maxLength: 50, required: true }),
    plainTextField({ name: 'content', maxLength: 500, required: true, multiline: true }),
    { name: 'email', type: 'email', access: { read: staffOnlyField } },
    { name: 'emailHash', type: 'text', admin: { hidden: true, readOnly: true } },
    urlField({ name: 'website' }),
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      access: { create: staffOnlyField, update: staffOnlyField },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      // Fixed, whatever the setting (applyWallModeration makes new messages pending): it is the column's default.
      defaultValue: 'approved',
      options: WALL_STATUSES.map((value) => ({ label: value[0]!.toUpperCase() + value.slice(1), value })),
      access: { create: staffOnlyField, update: staffOnlyField },
      admin: { position: 'sidebar', description: 'Only approved messages are shown on the site.' },
    },
    { name: 'awaitingModeration', type: 'checkbox', defaultValue: false, admin: { hidden: true } },
  ],
})
