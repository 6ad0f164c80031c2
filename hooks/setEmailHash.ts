import { createHash } from 'node:crypto'

import type { CollectionBeforeChangeHook } from 'payload'

/** Keeps an MD5 of the normalised email (what Gravatar needs), so public reads never touch the address itself. */
export const setEmailHash: CollectionBeforeChangeHook = ({ data }) => {
  if (data.email === undefined) return data
  const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
  return { ...data, emailHash: email ? createHash('md5').update(email).digest('hex') : null }
}
