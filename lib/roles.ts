export const ROLES = ['admin', 'editor', 'user'] as const
export type Role = (typeof ROLES)[number]

/** Roles of whatever Payload put on `req.user` (null for anonymous callers). */
export const rolesOf = (user: unknown): Role[] => {
  const roles = (user as { roles?: unknown } | null | undefined)?.roles
  return Array.isArray(roles) ? roles.filter((role): role is Role => ROLES.includes(role as Role)) : []
}

export const hasRole = (user: unknown, role: Role): boolean => rolesOf(user).includes(role)

/** Admins and editors manage content; plain users are site members. */
export const isStaff = (user: unknown): boolean => hasRole(user, 'admin') || hasRole(user, 'editor')
