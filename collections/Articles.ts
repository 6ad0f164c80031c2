import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { articleReadingFields } from '../fields/articleReadingFields'
import { authorField } from '../fields/authorField'
import { emptyInDuplicate } from '../fields/emptyInDuplicate'
import { type CounterFieldSpec, counterFields } from '../fields/counterFields'
import { markdownContent } from '../fields/markdownContent'
import { publishAtField, publishedAtField } from '../fields/publishAtField'
import { lastEditedByField, REVISIONS_KEPT } from '../fields/revisionFields'
import { statusField } from '../fields/statusField'
import { urlField } from '../fields/urlField'
import { createCounterRow, deleteCounterRow } from '../hooks/counterRows'
import { deleteRowsPointingAt } from '../hooks/deleteRowsPointingAt'
import { generateSlug } from '../hooks/generateSlug'
import { recordEarlierSlug } from '../hooks/recordEarlierSlug'
import { setFeedSlug } from '../hooks/setFeedSlug'
import { setArticleReading } from '../hooks/setArticleReading'
import { ADMIN_COMPONENT_PATHS } from '../lib/adminComponentPaths'
import { showPublicSlug } from '../hooks/showPublicSlug'
import { setAuthor } from '../hooks/setAuthor'
import { cancelScheduledPublishOnDelete, publishWhenScheduledInPast, syncScheduledPublish } from '../hooks/schedulePublishing'
import { keepLiveStateOnRestore } from '../hooks/keepLiveStateOnRestore'
import { setLastEditor } from '../hooks/setLastEditor'
import { setPublishedAt } from '../hooks/setPublishedAt'

export const ARTICLES_SLUG = 'articles'

const ARTICLE_COUNTERS: CounterFieldSpec[] = [
  { name: 'viewCount', label: 'Views', column: 'views' },
  { name: 'likeCount', label: 'Likes', column: 'likes' },
]

const content = markdownContent({ required: true })

/** What a restore keeps from the live record (hooks/keepLiveStateOnRestore.ts). */
const LIVE_STATE = ['status', 'publishAt', 'publishedAt', 'feedSlug', 'counters', 'author']

export const Articles: CollectionConfig = {
  slug: ARTICLES_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: publishedOrStaff, readVersions: canManageContent, update: canManageContent },
  admin: {
    defaultColumns: ['title', 'status', 'publishAt', 'category', 'viewCount', 'updatedAt'],
    group: 'Blog',
    listSearchableFields: ['title', 'slug', 'excerpt'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  versions: { maxPerDoc: REVISIONS_KEPT },
  hooks: {
    beforeChange: [
      createCounterRow(ARTICLE_COUNTERS),
      keepLiveStateOnRestore(LIVE_STATE),
      setLastEditor,
      setAuthor,
      publishWhenScheduledInPast,
      setPublishedAt,
      setFeedSlug,
      content.beforeChange,
      setArticleReading,
    ],
    afterChange: [recordEarlierSlug, syncScheduledPublish(ARTICLES_SLUG)],
    afterDelete: [cancelScheduledPublishOnDelete(ARTICLES_SLUG), deleteCounterRow],
    beforeDelete: [
      deleteRowsPointingAt('article-likes', 'article'),
      deleteRowsPointingAt('article-daily-views', 'article'),
      deleteRowsPointingAt('article-redirects', 'article'),
    ],
    beforeOperation: [content.beforeOperation],
    beforeValidate: [generateSlug(ARTICLES_SLUG)],
  },
  // `counters` after `status`: the published articles' view total is summed without reading their rows. (On
  // Postgres the migrations also add `id` to the `status, createdAt` index: deep pages find their ids from it alone.)
  // A column after the content is read from its row's overflow pages on SQLite, so what the public reads of every
  // published article is in an index beside `status`: the sitemap's slug and last change, the feeds' newest first,
  // of one category too (a feed of a category without articles read every article's row).
  indexes: [
    { fields: ['status', 'createdAt'] },
    { fields: ['featured', 'status'] },
    { fields: ['status', 'counters'] },
    { fields: ['status', 'updatedAt', 'slug'] },
    { fields: ['status', 'publishedAt'] },
    { fields: ['status', 'category', 'publishedAt'] },
  ],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    {
      name: 'slug',
      type: 'text',
      unique: true,
      index: true,
      admin: {
        position: 'sidebar',
        description: 'Generated from the title when left empty.',
      },
    },
    {
      name: 'publicSlug',
      type: 'text',
      virtual: true,
      label: 'Public address',
      admin: { position: 'sidebar', readOnly: true, description: 'The slug plus the id, as the site links to it: /articles/<this>.' },
      hooks: { afterRead: [showPublicSlug] },
    },
    ...content.fields,
    { name: 'excerpt', type: 'textarea', maxLength: 1000, admin: { description: 'Shown in lists; the content\'s start when empty.' } },
    urlField({ name: 'coverImage' }),
    {
      name: 'category',
      type: 'relationship',
      relationTo: 'categories',
      required: true,
      index: true,
      filterOptions: { type: { equals: 'article' } },
      admin: { position: 'sidebar' },
    },
    authorField,
    statusField(['draft', 'published'] as const, 'draft'),
    publishAtField,
    lastEditedByField,
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    publishedAtField,
    {
      name: 'feedSlug',
      type: 'text',
      hooks: { beforeDuplicate: [emptyInDuplicate] },
      label: 'Feed ID',
      access: { create: () => false, update: () => false },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'The slug at first publication: feeds identify the article as /articles/<this>-<id> for good.',
      },
    },
    ...counterFields(ARTICLE_COUNTERS),
    {
      name: 'viewsChart',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: ADMIN_COMPONENT_PATHS.ArticleViewsChart } },
    },
    ...articleReadingFields,
  ],
}
