import type { CollectionConfig } from 'payload'

import { activeOrStaff } from '../access/activeOrStaff'
import { canManageContent } from '../access/canManageContent'
import { orderField } from '../fields/orderField'
import { statusField } from '../fields/statusField'
import { urlField } from '../fields/urlField'

export const CAROUSELS_SLUG = 'carousels'

export const Carousels: CollectionConfig = {
  slug: CAROUSELS_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: activeOrStaff, update: canManageContent },
  admin: { defaultColumns: ['title', 'status', 'order', 'updatedAt'], group: 'Site', listSearchableFields: ['title'], useAsTitle: 'title' },
  defaultSort: 'order',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    urlField({ name: 'imageUrl', required: true }),
    urlField({ name: 'linkUrl' }),
    orderField(),
    statusField(['active', 'inactive'] as const, 'active'),
  ],
}
