import { rolesOf } from '../../lib/roles'

export type UserView = { id: number; email: string; name: string | null; roles: string[] }

export const serializeUser = (user: { id: number | string; email?: unknown; name?: unknown }): UserView => ({
  id: Number(user.id),
  email: String(user.email ?? ''),
  name: typeof user.name === 'string' && user.name ? user.name : null,
  roles: rolesOf(user),
})
