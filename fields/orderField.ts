import type { NumberField } from 'payload'

export const orderField = (): NumberField => ({
  name: 'order',
  type: 'number',
  defaultValue: 0,
  admin: { position: 'sidebar', description: 'Lower numbers come first.' },
})
