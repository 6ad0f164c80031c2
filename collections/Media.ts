import type { CollectionConfig } from 'payload'

import { canManageContent } from '../access/canManageContent'
import { limitDirectMediaReads } from '../hooks/limitDirectMediaReads'
import { keepUploadNamesApart } from '../hooks/keepUploadNamesApart'
import { refuseDeletingUsedMedia } from '../hooks/refuseDeletingUsedMedia'
import { refuseLargeUpload } from '../hooks/refuseLargeUpload'
import { refuseLongUploadName } from '../hooks/refuseLongUploadName'
import { refuseMissingUploadFile } from '../lib/missingUploadFile'

export const MEDIA_SLUG = 'media'

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024

/** Image uploads (gallery images, images in articles): sharp stores 400 px and 1200 px wide WebP copies of each. */
export const createMedia = (staticDir: string): CollectionConfig => ({
  slug: MEDIA_SLUG,
  access: { create: canManageContent, delete: canManageContent, read: () => true, update: canManageContent },
  admin: {
    defaultColumns: ['filename', 'alt', 'width', 'height', 'filesize', 'updatedAt'],
    description: 'Images up to 10 MB (JPEG, PNG, WebP, GIF, AVIF). Each gets a 400 px thumbnail and a 1200 px large copy.',
    group: 'Site',
    listSearchableFields: ['alt', 'filename'],
    useAsTitle: 'alt',
  },
  defaultSort: '-createdAt',
  hooks: {
    beforeDelete: [refuseDeletingUsedMedia],
    beforeOperation: [limitDirectMediaReads, refuseLongUploadName, refuseLargeUpload(MEDIA_MAX_BYTES), keepUploadNamesApart],
  },
  upload: {
    staticDir,
    handlers: [refuseMissingUploadFile],
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    imageSizes: [
      { name: 'thumbnail', width: 400, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'large', width: 1200, withoutEnlargement: true, formatOptions: { format: 'webp', options: { quality: 82 } } },
    ],
    adminThumbnail: 'thumbnail',
    focalPoint: true,
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      admin: { description: 'Describes the image for screen readers and search engines.', placeholder: 'A red kite over the hills' },
    },
  ],
})
