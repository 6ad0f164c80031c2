import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { counterField } from '../fields/counterField'
import { markdownContent } from '../fields/markdownContent'
import { orderField } from '../fields/orderField'
import { publishAtField } from '../fields/publishAtField'
import { statusField } from '../fields/statusField'
import { urlField, urlListField } from '../fields/urlField'
import { cancelScheduledPublishOnDelete, publishWhenScheduledInPast, syncScheduledPublish } from '../hooks/schedulePublishing'
import { setPublishedAt } from '../hooks/setPublishedAt'

export const PROJECTS_SLUG = 'projects'

const content = markdownContent({ required: false })

export const Projects: CollectionConfig = {
  slug: PROJECTS_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: publishedOrStaff, update: canManageContent },
  admin: {
    defaultColumns: ['title', 'status', 'publishAt', 'category', 'viewCount', 'updatedAt'],
    group: 'Portfolio',
    listSearchableFields: ['title', 'description'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  hooks: {
    beforeChange: [publishWhenScheduledInPast, setPublishedAt, content.beforeChange],
    afterChange: [syncScheduledPublish(PROJECTS_SLUG)],
    afterDelete: [cancelScheduledPublishOnDelete(PROJECTS_SLUG)],
  },
  indexes: [{ fields: ['status', 'createdAt'] }, { fields: ['featured', 'status'] }],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'description', type: 'textarea', required: true },
    ...content.fields,
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
    publishAtField,
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    orderField(),
    { name: 'publishedAt', type: 'date', admin: { position: 'sidebar', readOnly: true } },
    counterField('viewCount', 'Views'),
    counterField('likeCount', 'Likes'),
  ],
}
