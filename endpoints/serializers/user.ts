import { rolesOf } from '../../lib/roles'
import type { User } from '../../payload-types'
import type { ApiUserRecord } from '../contracts/auth'
import { optionalString } from './common'

export const serializeUser = (user: Pick<User, 'id' | 'email' | 'name' | 'roles'>): ApiUserRecord => ({
  id: user.id,
  email: user.email,
  name: optionalString(user.name),
  roles: rolesOf(user),
})
