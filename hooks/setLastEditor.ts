import type { CollectionBeforeChangeHook } from 'payload'

/** Who saved the record last (none for a scheduled publish): kept in every version, so the history shows who. */
export const setLastEditor: CollectionBeforeChangeHook = ({ data, req }) => ({ ...data, lastEditedBy: req.user?.id ?? null })
