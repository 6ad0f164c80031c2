import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'

export const MEDIA_SLUG = 'media'

/** Image uploads (gallery images and more); sharp makes a 400 px wide thumbnail of each. */
export const createMedia = (staticDir: string): CollectionConfig => ({
  slug: MEDIA_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: () => true, update: canManageContent },
  admin: { group: 'Site', useAsTitle: 'alt' },
  upload: {
    staticDir,
    mimeTypes: ['image/*'],
    imageSizes: [{ name: 'thumbnail', width: 400 }],
    adminThumbnail: 'thumbnail',
    focalPoint: true,
  },
  fields: [{ name: 'alt', type: 'text', required: true, admin: { description: 'Describes the image for screen readers.' } }],
})
