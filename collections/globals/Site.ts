import type { GlobalConfig } from 'payload'

import { canManageContent } from '../../access/canManageContent'
import { urlField } from '../../fields/urlField'

export const SITE_SLUG = 'site'

/** Site-wide settings: the home page's hero. */
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
  ],
}
