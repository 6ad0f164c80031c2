import type { NumberField } from 'payload'

export const orderField = (): NumberField => ({
  name: 'order',
  type: 'number',
  defaultValue: 0,
  // Past these the database keeps a number it cannot give back exactly (libsql refuses to read it: every list fails).
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
  admin: { position: 'sidebar', description: 'Lower numbers come first.' },
})
