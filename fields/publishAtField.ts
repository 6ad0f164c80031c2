import type { Field } from 'payload'

import { blankDateAsNone } from './blankDateAsNone'
import { emptyInDuplicate } from './emptyInDuplicate'

/** When a draft publishes itself (lib/jobs/publishScheduled.ts); kept on the record after it fired. */
export const publishAtField: Field = {
  name: 'publishAt',
  type: 'date',
  label: 'Publish at',
  hooks: { beforeValidate: [blankDateAsNone], beforeDuplicate: [emptyInDuplicate] },
  admin: {
    position: 'sidebar',
    // The picker's list of times steps by 5 minutes (Payload's default: 30); any time can still be typed.
    date: { pickerAppearance: 'dayAndTime', timeIntervals: 5 },
    description: 'A draft publishes itself at this moment (within a minute). Clear it to cancel; a moment in the past publishes at once, back-dated.',
  },
}

/** When the record was first published (hooks/setPublishedAt.ts). */
export const publishedAtField: Field = {
  name: 'publishedAt',
  type: 'date',
  admin: { position: 'sidebar', readOnly: true },
  hooks: { beforeValidate: [blankDateAsNone], beforeDuplicate: [emptyInDuplicate] },
}
