import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { publicGalleryOrStaff } from '../access/publicGalleryOrStaff'
import { orderField } from '../fields/orderField'

export const GALLERIES_SLUG = 'galleries'

export const Galleries: CollectionConfig = {
  slug: GALLERIES_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: publicGalleryOrStaff, update: canManageContent },
  admin: { defaultColumns: ['title', 'public', 'order', 'updatedAt'], group: 'Portfolio', listSearchableFields: ['title', 'description'], useAsTitle: 'title' },
  defaultSort: 'order',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', maxLength: 5000 },
    {
      name: 'public',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      admin: { position: 'sidebar', description: 'Hidden galleries are kept but not shown on the site.' },
    },
    orderField(),
    {
      name: 'coverImage',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Defaults to the first image when empty.' },
    },
    {
      name: 'images',
      type: 'array',
      fields: [{ name: 'image', type: 'upload', relationTo: 'media', required: true }],
    },
  ],
}
