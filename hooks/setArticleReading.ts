import type { CollectionBeforeChangeHook } from 'payload'

import { articleReading } from '../lib/articleReading'

/**
 * Stores the reading time and table of contents worked out from the Markdown content on every save, whichever door
 * it came through, so reads never lex the content for them. Runs after the content hook, which may have just
 * written the Markdown from the admin UI's rich text; an update that leaves the content out keeps the stored one.
 */
export const setArticleReading: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const content: unknown = typeof data.content === 'string' ? data.content : originalDoc?.content
  return { ...data, ...articleReading(typeof content === 'string' ? content : '') }
}
