import type { CollectionConfig } from 'payload'

import { activeOrStaff } from '../access/activeOrStaff'
import { canManageContent } from '../access/canManageContent'
import { type CounterFieldSpec, counterFields } from '../fields/counterFields'
import { createCounterRow, deleteCounterRow } from '../hooks/counterRows'
import { statusField } from '../fields/statusField'
import { urlField } from '../fields/urlField'

export const RESOURCES_SLUG = 'resources'

const RESOURCE_COUNTERS: CounterFieldSpec[] = [{ name: 'downloadCount', label: 'Downloads', column: 'downloads' }]

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
  hooks: { beforeChange: [createCounterRow(RESOURCE_COUNTERS)], afterDelete: [deleteCounterRow] },
  indexes: [{ fields: ['status', 'createdAt'] }],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'description', type: 'textarea', maxLength: 5000 },
    urlField({ name: 'fileUrl', required: true, admin: { description: 'Where downloads are sent.' } }),
    { name: 'fileSize', type: 'text', admin: { placeholder: '2.4 MB' } },
    ...counterFields(RESOURCE_COUNTERS),
    statusField(['active', 'inactive'] as const, 'active'),
  ],
}
