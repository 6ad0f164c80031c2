import type { CollectionBeforeChangeHook } from 'payload'

/** Whoever creates the first account (admin UI's create-first-user screen, or ADMIN_EMAIL) becomes an admin. */
export const makeFirstUserAdmin: CollectionBeforeChangeHook = async ({ collection, data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: collection.slug, overrideAccess: true, req })
  if (totalDocs === 0) return { ...data, roles: ['admin'] }
  return data
}
