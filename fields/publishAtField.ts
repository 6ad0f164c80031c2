import type { Field } from 'payload'

import { blankDateAsNone } from './blankDateAsNone'

/** When a draft publishes itself (lib/jobs/publishScheduled.ts); kept on the record after it fired. */
export const publishAtField: Field = {
  name: 'publishAt',
  type: 'date',
  label: 'Publish at',
  hooks: { beforeValidate: [blankDateAsNone] },
  admin: {
    position: 'sidebar',
    date: { pickerAppearance: 'dayAndTime' },
    description: 'A draft publishes itself at this moment (within a minute). Clear it to cancel; a moment in the past publishes at once, back-dated.',
  },
}
