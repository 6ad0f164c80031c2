import type { FieldHook } from 'payload'

import { publicSlug } from '../lib/publicSlug'

/** The read-only "public address" of an article: its stored slug plus its id. */
export const showPublicSlug: FieldHook = ({ siblingData }) =>
  typeof siblingData?.slug === 'string' && siblingData.slug !== '' && siblingData.id != null
    ? publicSlug(siblingData.slug, Number(siblingData.id))
    : undefined
