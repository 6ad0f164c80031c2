import type { CollectionConfig } from 'payload'

import { approvedOrStaff } from '../access/approvedOrStaff'
import { canManageContent } from '../access/canManageContent'
import { staffOnlyField } from '../access/staffOnlyField'
import { urlField } from '../fields/urlField'
import { linkWallAuthor } from '../hooks/linkWallAuthor'
import { setEmailHash } from '../hooks/setEmailHash'

export const WALL_MESSAGES_SLUG = 'wall-messages'
export const WALL_STATUSES = ['approved', 'pending', 'spam'] as const

/** Visitors' messages. `moderation` decides whether new messages wait for an editor's approval. */
export const createWallMessages = (moderation: boolean): CollectionConfig => ({
  slug: WALL_MESSAGES_SLUG,
  access: { create: () => true, delete: canManageContent, read: approvedOrStaff, update: canManageContent },
  admin: {
    defaultColumns: ['nickname', 'content', 'status', 'createdAt'],
    group: 'Community',
    listSearchableFields: ['nickname', 'content'],
    useAsTitle: 'nickname',
  },
  defaultSort: '-createdAt',
  hooks: { beforeChange: [linkWallAuthor, setEmailHash] },
  indexes: [{ fields: ['status', 'createdAt'] }],
  fields: [
    { name: 'nickname', type: 'text', required: true, maxLength: 50 },
    { name: 'content', type: 'textarea', required: true, maxLength: 500 },
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
      defaultValue: moderation ? 'pending' : 'approved',
      options: WALL_STATUSES.map((value) => ({ label: value[0]!.toUpperCase() + value.slice(1), value })),
      access: { create: staffOnlyField, update: staffOnlyField },
      admin: { position: 'sidebar' },
    },
  ],
})
