import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { orderField } from '../fields/orderField'
import { urlField } from '../fields/urlField'

export const SKILLS_SLUG = 'skills'
export const SKILL_CATEGORIES = ['frontend', 'backend', 'tool', 'other'] as const

export const Skills: CollectionConfig = {
  slug: SKILLS_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: () => true, update: canManageContent },
  admin: { defaultColumns: ['name', 'category', 'level', 'order'], group: 'Portfolio', listSearchableFields: ['name', 'category'], useAsTitle: 'name' },
  defaultSort: 'order',
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    {
      name: 'category',
      type: 'select',
      required: true,
      defaultValue: 'other',
      options: SKILL_CATEGORIES.map((value) => ({ label: value[0]!.toUpperCase() + value.slice(1), value })),
    },
    { name: 'level', type: 'number', required: true, min: 1, max: 100, admin: { description: 'From 1 to 100.' } },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    urlField({ name: 'icon', admin: { description: 'Icon image URL (optional).' } }),
    orderField(),
  ],
}
