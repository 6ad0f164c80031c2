import type { FieldAccess } from 'payload'

/**
 * An account's sessions: its owner only. Payload's own rule compares the user's id with the document's, which holds
 * when there is neither (the check of a query's paths, which has no document): anonymous queries could filter by
 * session ids and expiry dates.
 */
export const ownSessionsOnly: FieldAccess = ({ req: { user }, doc, id }) => user != null && user.id === (doc?.id ?? id)
