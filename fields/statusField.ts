import type { SelectField } from 'payload'

/** A status select with its allowed values and default, shown in the sidebar and indexed for list filters. */
export const statusField = <Value extends string>(values: readonly Value[], defaultValue: Value): SelectField => ({
  name: 'status',
  type: 'select',
  required: true,
  defaultValue,
  index: true,
  options: values.map((value) => ({ label: value[0]!.toUpperCase() + value.slice(1), value })),
  admin: { position: 'sidebar' },
})
