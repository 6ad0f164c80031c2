import type { Field } from 'payload'

const TOC_SCHEMA_URI = 'urn:blog-portfolio:article-toc'

/**
 * What `setArticleReading` stores on every save: the reading time and the table of contents (headings of depth 2
 * and 3 with their anchors). Read-only (the reading time) or hidden (the contents) in the admin UI.
 */
export const articleReadingFields: Field[] = [
  {
    name: 'readingTimeMinutes',
    type: 'number',
    label: 'Reading time (minutes)',
    min: 1,
    admin: { position: 'sidebar', readOnly: true, description: 'Worked out from the content when it is saved.' },
  },
  {
    name: 'toc',
    type: 'json',
    label: 'Table of contents',
    admin: { hidden: true },
    jsonSchema: {
      uri: TOC_SCHEMA_URI,
      fileMatch: [TOC_SCHEMA_URI],
      schema: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['depth', 'text', 'anchor'],
          properties: { depth: { type: 'integer' }, text: { type: 'string' }, anchor: { type: 'string' } },
        },
      },
    },
  },
]
