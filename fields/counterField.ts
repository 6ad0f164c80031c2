import type { NumberField } from 'payload'

/**
 * A counter (views, likes, downloads). Read-only in the admin UI; the API increments it atomically through the
 * database adapter, never through a normal update.
 */
export const counterField = (name: string, label: string): NumberField => ({
  name,
  type: 'number',
  label,
  defaultValue: 0,
  min: 0,
  admin: { readOnly: true, position: 'sidebar' },
})
