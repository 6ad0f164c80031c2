import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { refuseDeletingUsedCategory } from '../hooks/refuseDeletingUsedCategory'

export const CATEGORIES_SLUG = 'categories'

export const Categories: CollectionConfig = {
  slug: CATEGORIES_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: () => true, update: canManageContent },
  admin: { defaultColumns: ['name', 'type', 'updatedAt'], group: 'Blog', listSearchableFields: ['name', 'description'], useAsTitle: 'name' },
  defaultSort: '-createdAt',
  hooks: { beforeDelete: [refuseDeletingUsedCategory] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'article',
      index: true,
      options: [
        { label: 'Article', value: 'article' },
        { label: 'Project', value: 'project' },
      ],
      admin: { position: 'sidebar', description: 'Whether articles or projects are filed under it.' },
    },
    { name: 'description', type: 'textarea', maxLength: 2000 },
  ],
}
