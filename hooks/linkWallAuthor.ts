import type { CollectionBeforeChangeHook } from 'payload'

/** A logged-in visitor's wall message is linked to their account. */
export const linkWallAuthor: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create' && req.user && req.user.collection === 'users' && !data.user) {
    return { ...data, user: req.user.id }
  }
  return data
}
