import type { CollectionBeforeChangeHook } from 'payload'

export const HONEYPOT_CONTEXT = 'honeypotFilled'

/** A message whose hidden honeypot field was filled in (by a bot) is kept, but as spam. */
export const markHoneypotSpam: CollectionBeforeChangeHook = ({ data, operation, req }) =>
  operation === 'create' && req.context?.[HONEYPOT_CONTEXT] === true ? { ...data, status: 'spam' } : data
