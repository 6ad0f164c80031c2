import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { type CounterFieldSpec, counterFields } from '../fields/counterFields'
import { markdownContent } from '../fields/markdownContent'
import { orderField } from '../fields/orderField'
import { publishAtField, publishedAtField } from '../fields/publishAtField'
import { lastEditedByField, REVISIONS_KEPT } from '../fields/revisionFields'
import { statusField } from '../fields/statusField'
import { urlField, urlListField } from '../fields/urlField'
import { createCounterRow, deleteCounterRow } from '../hooks/counterRows'
import { cancelScheduledPublishOnDelete, publishWhenScheduledInPast, syncScheduledPublish } from '../hooks/schedulePublishing'
import { keepLiveStateOnRestore } from '../hooks/keepLiveStateOnRestore'
import { setLastEditor } from '../hooks/setLastEditor'
import { setPublishedAt } from '../hooks/setPublishedAt'

export const PROJECTS_SLUG = 'projects'

const PROJECT_COUNTERS: CounterFieldSpec[] = [
  { name: 'viewCount', label: 'Views', column: 'views' },
  { name: 'likeCount', label: 'Likes', column: 'likes' },
]

const content = markdownContent({ required: false })

/** What a restore keeps from the live record (hooks/keepLiveStateOnRestore.ts). */
const LIVE_STATE = ['status', 'publishAt', 'publishedAt', 'counters']

export const Projects: CollectionConfig = {
  slug: PROJECTS_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: publishedOrStaff, readVersions: canManageContent, update: canManageContent },
  admin: {
    defaultColumns: ['title', 'status', 'publishAt', 'category', 'viewCount', 'updatedAt'],
    group: 'Portfolio',
    listSearchableFields: ['title', 'description'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  versions: { maxPerDoc: REVISIONS_KEPT },
  hooks: {
    beforeChange: [
      createCounterRow(PROJECT_COUNTERS),
      keepLiveStateOnRestore(LIVE_STATE),
      setLastEditor,
      publishWhenScheduledInPast,
      setPublishedAt,
      content.beforeChange,
    ],
    afterChange: [syncScheduledPublish(PROJECTS_SLUG)],
    afterDelete: [cancelScheduledPublishOnDelete(PROJECTS_SLUG), deleteCounterRow],
    beforeOperation: [content.beforeOperation],
  },
  indexes: [{ fields: ['status', 'createdAt'] }, { fields: ['featured', 'status'] }, { fields: ['status', 'counters'] }],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'description', type: 'textarea', required: true, maxLength: 5000 },
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
    lastEditedByField,
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    orderField(),
    publishedAtField,
    ...counterFields(PROJECT_COUNTERS),
  ],
}
