import type { CollectionConfig } from 'payload'

import { activeOrStaff } from '../access/activeOrStaff'
import { canManageContent } from '../access/canManageContent'
import { counterField } from '../fields/counterField'
import { statusField } from '../fields/statusField'
import { urlField } from '../fields/urlField'

export const RESOURCES_SLUG = 'resources'

export const Resources: CollectionConfig = {
  slug: RESOURCES_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: activeOrStaff, update: canManageContent },
  admin: {
    defaultColumns: ['title', 'status', 'downloadCount', 'updatedAt'],
    group: 'Portfolio',
    listSearchableFields: ['title', 'description'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['status', 'createdAt'] }],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'description', type: 'textarea' },
    urlField({ name: 'fileUrl', required: true, admin: { description: 'Where downloads are sent.' } }),
    { name: 'fileSize', type: 'text', admin: { placeholder: '2.4 MB' } },
    counterField('downloadCount', 'Downloads'),
    statusField(['active', 'inactive'] as const, 'active'),
  ],
}
