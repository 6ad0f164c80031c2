import type { GlobalConfig } from 'payload'

import { canManageContent } from '../../access/canManageContent'
import { urlField } from '../../fields/urlField'

export const SITE_SLUG = 'site'

/** What the feeds show until an editor changes it (also for a `site` global never saved). */
export const FEED_DEFAULTS = { title: 'Blog', description: 'The newest articles.', language: 'en' } as const

/** A language tag as RSS and Atom expect it: `en`, `en-US`, `zh-Hans-CN`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/

/** Site-wide settings: the home page's hero and what the RSS, Atom and JSON feeds say about the blog. */
export const Site: GlobalConfig = {
  slug: SITE_SLUG,
  access: { read: () => true, update: canManageContent },
  admin: { group: 'Site' },
  fields: [
    {
      name: 'hero',
      type: 'group',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'subtitle', type: 'text' },
        urlField({ name: 'avatar' }),
        urlField({ name: 'backgroundImage' }),
      ],
    },
    {
      name: 'feed',
      type: 'group',
      admin: { description: 'How feed readers show the blog (RSS, Atom and JSON Feed at /api/feeds/…).' },
      fields: [
        {
          name: 'title',
          type: 'text',
          required: true,
          maxLength: 200,
          defaultValue: FEED_DEFAULTS.title,
          admin: { description: 'The blog\'s name in feed readers. A category\'s feed adds ": <category>".' },
        },
        {
          name: 'description',
          type: 'textarea',
          maxLength: 1000,
          defaultValue: FEED_DEFAULTS.description,
          admin: { description: 'One or two sentences under the name.' },
        },
        {
          name: 'language',
          type: 'text',
          required: true,
          defaultValue: FEED_DEFAULTS.language,
          validate: (value: unknown) =>
            typeof value === 'string' && LANGUAGE_TAG.test(value) ? true : 'A language tag such as en, en-US or zh-CN.',
          admin: { description: 'The articles\' language, as a tag: en, en-US, zh-CN…' },
        },
      ],
    },
  ],
}
