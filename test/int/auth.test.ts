import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken, PASSWORD, resignToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService
const tokens: Record<'admin' | 'editor' | 'user', string> = { admin: '', editor: '', user: '' }

beforeAll(async () => {
  service = await bootService()
  for (const role of ['admin', 'editor', 'user'] as const) {
    await createAccount(service.payload, role, `${role}@example.com`)
    tokens[role] = await loginToken(service, `${role}@example.com`)
  }
})

afterAll(async () => {
  await service?.stop()
})

const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('POST /api/auth/login', () => {
  it('returns a token, its expiry and the user', async () => {
    const res = await service.request().post('/api/auth/login').send({ email: 'editor@example.com', password: PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      data: {
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        exp: expect.any(Number),
        user: { id: expect.any(Number), email: 'editor@example.com', name: 'editor account', roles: ['editor'] },
      },
    })
    expect(res.body.data.exp).toBeGreaterThan(nowSeconds())
  })

  it('is case-insensitive on the email', async () => {
    const res = await service.request().post('/api/auth/login').send({ email: 'Editor@Example.com', password: PASSWORD })
    expect(res.status).toBe(200)
  })

  it('401 for a wrong password or an unknown email, with the same message', async () => {
    const wrong = await service.request().post('/api/auth/login').send({ email: 'user@example.com', password: 'nope' })
    const unknown = await service.request().post('/api/auth/login').send({ email: 'ghost@example.com', password: 'nope' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Email or password is incorrect' } })
    expect(unknown.body).toEqual(wrong.body)
  })

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'admin@example.com' }, ['password']],
    [{ email: 42, password: PASSWORD }, ['email']],
    [{ email: 'admin@example.com', password: ['x'] }, ['password']],
    [{ email: 'admin@example.com', password: PASSWORD, role: 'admin' }, ['(body)']],
  ])('400 for %o', async (body, paths) => {
    const res = await service.request().post('/api/auth/login').send(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(paths))
  })

  it('after 5 failures locks the account for that client: 429 with Retry-After, even with the right password', async () => {
    await createAccount(service.payload, 'user', 'target@example.com')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await service.request().post('/api/auth/login').send({ email: 'target@example.com', password: 'guess' })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const locked = await service.request().post('/api/auth/login').send({ email: 'target@example.com', password: PASSWORD })
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message: 'Too many failed logins; try again later' },
    })
    const retryAfter = Number(locked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(500)
    expect(retryAfter).toBeLessThanOrEqual(600)
    // Other accounts are not affected (other clients neither: test/int/loginThrottle.test.ts).
    expect((await service.request().post('/api/auth/login').send({ email: 'user@example.com', password: PASSWORD })).status).toBe(200)
  })
})

describe('GET /api/auth/me', () => {
  it('returns the caller', async () => {
    const res = await service.request().get('/api/auth/me').set('Authorization', `Bearer ${tokens.user}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ id: expect.any(Number), email: 'user@example.com', name: 'user account', roles: ['user'] })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('401 without a token', async () => {
    const res = await service.request().get('/api/auth/me')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it('ignores the admin UI cookie: /api only takes bearer tokens', async () => {
    const res = await service.request().get('/api/auth/me').set('Cookie', `payload-token=${tokens.admin}`)
    expect(res.status).toBe(401)
  })
})

describe('POST /api/auth/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    await createAccount(service.payload, 'editor', 'leaving@example.com')
    const kept = await loginToken(service, 'leaving@example.com')
    const revoked = await loginToken(service, 'leaving@example.com')

    const res = await service.request().post('/api/auth/logout').set('Authorization', `Bearer ${revoked}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { loggedOut: true } })

    expect((await service.request().get('/api/auth/me').set('Authorization', `Bearer ${revoked}`)).status).toBe(401)
    expect((await service.request().get('/api/admin/categories').set('Authorization', `Bearer ${revoked}`)).status).toBe(401)
    expect((await service.request().get('/cms-api/users/me').set('Authorization', `Bearer ${revoked}`)).body.user).toBeNull()
    expect((await service.request().get('/api/auth/me').set('Authorization', `Bearer ${kept}`)).status).toBe(200)
  })

  it('401 without a token', async () => {
    expect((await service.request().post('/api/auth/logout')).status).toBe(401)
  })
})

describe('guard of /api/admin/*', () => {
  const adminPaths = ['/api/admin/categories', '/api/admin/articles/1', '/api/admin/anything']

  it.each(adminPaths)('anonymous -> 401 on %s', async (path) => {
    const res = await service.request().get(path)
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it.each([
    ['garbage', 'Bearer not.a.token'],
    ['random words', 'Bearer hello'],
    ['wrong scheme', `Basic ${Buffer.from('admin@example.com:x').toString('base64')}`],
    ['JWT scheme', 'JWT something'],
    ['empty bearer', 'Bearer '],
  ])('%s token -> 401', async (_name, header) => {
    const res = await service.request().get('/api/admin/categories').set('Authorization', header)
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it('a correctly signed but expired token -> 401 (the same token with a future exp passes)', async () => {
    const expired = resignToken(service.payload, tokens.admin, nowSeconds() - 60)
    const fresh = resignToken(service.payload, tokens.admin, nowSeconds() + 600)
    expect((await service.request().get('/api/auth/me').set('Authorization', `Bearer ${fresh}`)).status).toBe(200)
    const res = await service.request().get('/api/admin/categories').set('Authorization', `Bearer ${expired}`)
    expect(res.status).toBe(401)
  })

  it('a token signed with another secret -> 401', async () => {
    const [header, body] = tokens.admin.split('.')
    const res = await service.request().get('/api/admin/categories').set('Authorization', `Bearer ${header}.${body}.forged`)
    expect(res.status).toBe(401)
  })

  it.each(adminPaths)('role user -> 403 on %s', async (path) => {
    const res = await service.request().get(path).set('Authorization', `Bearer ${tokens.user}`)
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('FORBIDDEN')
  })

  it.each(['editor', 'admin'] as const)('%s passes the guard', async (role) => {
    // No admin routes exist in this issue yet: passing the guard means reaching the router's 404.
    const res = await service.request().get('/api/admin/anything').set('Authorization', `Bearer ${tokens[role]}`)
    expect(res.status).toBe(404)
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/admin/anything' })
  })

  it('a bad token is refused on public routes too, instead of silently reading as anonymous', async () => {
    expect((await service.request().get('/api/health').set('Authorization', 'Bearer nope')).status).toBe(401)
  })
})

describe("Payload's unlock door, /cms-api/users/unlock", () => {
  const unlock = (email: string, token?: string) => {
    const request = service.request().post('/cms-api/users/unlock').send({ email })
    return token ? request.set('Authorization', `JWT ${token}`) : request
  }

  it.each(['user', 'editor'] as const)('a %s gets the same 403 for an account that exists and one that does not', async (role) => {
    const existing = await unlock('admin@example.com', tokens[role])
    const unknown = await unlock('nobody@example.com', tokens[role])
    expect([existing.status, existing.body]).toEqual([403, { errors: [{ message: 'You are not allowed to perform this action.' }] }])
    expect([unknown.status, unknown.body]).toEqual([existing.status, existing.body])
    expect((await unlock('admin@example.com')).status).toBe(403)
  })

  it('an admin may unlock an account', async () => {
    const res = await unlock('user@example.com', tokens.admin)
    expect(res.status).toBe(200)
  })
})
