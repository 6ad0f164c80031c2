import type { Payload } from 'payload'

export type FirstAdmin = { email: string; password: string }

/** On an empty database, creates the admin named by ADMIN_EMAIL / ADMIN_PASSWORD. Existing accounts are left alone. */
export const createFirstAdmin = async (payload: Payload, admin: FirstAdmin): Promise<boolean> => {
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return false
  await payload.create({
    collection: 'users',
    data: { email: admin.email, password: admin.password, name: 'Admin', roles: ['admin'] },
    overrideAccess: true,
  })
  payload.logger.info(`Created the first admin account ${admin.email}`)
  return true
}
