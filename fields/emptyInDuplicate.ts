import type { FieldHook } from 'payload'

/**
 * A duplicate is a new record, not a second copy of the original's life: when it was published, when it will be,
 * who wrote it and its feed identity start empty, as on a record just created (the hooks then fill them in: the
 * author is the one who duplicates it). A duplicate of a published article was published at once, at the original's
 * date, with its feed id.
 */
export const emptyInDuplicate: FieldHook = () => null
