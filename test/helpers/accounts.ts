import { createHmac } from 'node:crypto'

import type { Payload } from 'payload'

import type { Role } from '../../lib/roles'
import type { BootedService } from './bootService'

export const PASSWORD = 'correct horse battery staple'

/** Creates an account with one role (bypassing access: this is test setup, not the behaviour under test). */
export const createAccount = async (payload: Payload, role: Role, email = `${role}-${Date.now()}@example.com`) =>
  payload.create({
    collection: 'users',
    data: { email, password: PASSWORD, name: `${role} account`, roles: [role] },
    overrideAccess: true,
  })

/** Logs in through the public route and returns the bearer token. */
export const loginToken = async (service: BootedService, email: string, password = PASSWORD): Promise<string> => {
  const res = await service.request().post('/api/auth/login').send({ email, password })
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data.token as string
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/**
 * Re-signs a real token with another `exp`, using the secret Payload signs with. With a past `exp` it is a
 * correctly signed, live-session token that has only expired.
 */
export const resignToken = (payload: Payload, token: string, exp: number): string => {
  const [header, body] = token.split('.')
  const claims = { ...JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')), exp }
  const unsigned = `${header}.${base64url(JSON.stringify(claims))}`
  const signature = createHmac('sha256', payload.secret).update(unsigned).digest('base64url')
  return `${unsigned}.${signature}`
}
