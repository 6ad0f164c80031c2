import type { CollectionConfig } from 'payload'

export const IMPORT_SOURCES_SLUG = 'import-sources'

const nobody = () => false

/**
 * What `npm run import` brought in, one row per source item (a post file, a Ghost post id, an image file): the
 * record it became and a fingerprint of the source, so a second run updates changed items and skips the rest
 * (lib/portability/). Internal: only the import script, through the Local API, reads or writes it.
 */
export const ImportSources: CollectionConfig = {
  slug: IMPORT_SOURCES_SLUG,
  access: { create: nobody, delete: nobody, read: nobody, update: nobody },
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    {
      name: 'collection',
      type: 'select',
      required: true,
      options: ['articles', 'projects', 'media'].map((value) => ({ label: value, value })),
    },
    { name: 'record', type: 'number', required: true },
    { name: 'fingerprint', type: 'text', required: true },
  ],
}
