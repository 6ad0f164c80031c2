import type { SelectField } from 'payload'

/** A status select with its allowed values and default, shown in the sidebar and indexed for list filters. */
export const statusField = <Value extends string>(values: readonly Value[], defaultValue: Value): SelectField => ({
  name: 'status',
  type: 'select',
  required: true,
  defaultValue,
  index: true,
  // A duplicate starts as a new record does (fields/emptyInDuplicate.ts): a copy of a published article is a draft.
  hooks: { beforeDuplicate: [() => defaultValue] },
  options: values.map((value) => ({ label: value[0]!.toUpperCase() + value.slice(1), value })),
  admin: { position: 'sidebar' },
})
