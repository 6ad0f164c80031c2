import type { CollectionBeforeChangeHook } from 'payload'

/** The author of a new article is the user who creates it. */
export const setAuthor: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create' && !data.author && req.user) return { ...data, author: req.user.id }
  return data
}
