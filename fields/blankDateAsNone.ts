import type { FieldHook } from 'payload'

/**
 * An empty string sent for a date means no date. Payload would store it as it is, and a record whose date is `''`
 * cannot be read back (every list holding it fails, and the record can no longer be updated or deleted).
 */
export const blankDateAsNone: FieldHook = ({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value)
