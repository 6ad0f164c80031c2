import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { markdownContentFields } from '../fields/contentEditor'
import { counterField } from '../fields/counterField'
import { orderField } from '../fields/orderField'
import { statusField } from '../fields/statusField'
import { urlField, urlListField } from '../fields/urlField'
import { setPublishedAt } from '../hooks/setPublishedAt'
import { syncMarkdownContent } from '../hooks/syncMarkdownContent'

export const PROJECTS_SLUG = 'projects'

export const Projects: CollectionConfig = {
  slug: PROJECTS_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: publishedOrStaff, update: canManageContent },
  admin: {
    defaultColumns: ['title', 'status', 'category', 'viewCount', 'updatedAt'],
    group: 'Portfolio',
    listSearchableFields: ['title', 'description'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  hooks: { beforeChange: [setPublishedAt, syncMarkdownContent] },
  indexes: [{ fields: ['status', 'createdAt'] }, { fields: ['featured', 'status'] }],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'description', type: 'textarea', required: true },
    ...markdownContentFields({ required: false }),
    urlField({ name: 'coverImage' }),
    urlField({ name: 'demoUrl' }),
    urlField({ name: 'repoUrl' }),
    {
      name: 'techStack',
      type: 'text',
      hasMany: true,
      admin: { description: 'Technologies used, one tag each (e.g. React, PostgreSQL).' },
    },
    urlListField({ name: 'screenshots', admin: { description: 'Screenshot image URLs.' } }),
    {
      name: 'category',
      type: 'relationship',
      relationTo: 'categories',
      index: true,
      filterOptions: { type: { equals: 'project' } },
      admin: { position: 'sidebar' },
    },
    statusField(['draft', 'published'] as const, 'draft'),
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    orderField(),
    { name: 'publishedAt', type: 'date', admin: { position: 'sidebar', readOnly: true } },
    counterField('viewCount', 'Views'),
    counterField('likeCount', 'Likes'),
  ],
}
