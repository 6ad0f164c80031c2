import type { Field } from 'payload'

/** Saves kept per record (Payload's versions): the history an editor can compare and restore from. */
export const REVISIONS_KEPT = 50

export const lastEditedByField: Field = {
  name: 'lastEditedBy',
  type: 'relationship',
  relationTo: 'users',
  label: 'Last edited by',
  admin: { position: 'sidebar', readOnly: true, description: 'Who saved this version (empty: a scheduled publish).' },
}
