import crypto from 'node:crypto'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuthenticationError } from 'payload'

import { matchesPayloadHash } from '../../lib/payloadPasswordHash'
import { createAccount, PASSWORD } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

// Small limits keep the suite quick (every failed login is a PBKDF2 of about a quarter second here); the per-IP window
// is fixed at 15 minutes. PER_IP stays above the attempts the account-lock tests make from one address (refused ones
// count too), so they meet the account's lock before the address's.
const PER_IP = 6
const PER_ACCOUNT = 2
const LOCK_SECONDS = 120
const IP_WINDOW_SECONDS = 900

const ADMIN = 'admin@example.com'
const EDITOR = 'editor@example.com'

let service: BootedService

beforeAll(async () => {
  service = await bootService({
    TRUST_PROXY: 'true',
    LOGIN_RATE_LIMIT: String(PER_IP),
    LOGIN_ACCOUNT_LIMIT: String(PER_ACCOUNT),
    LOGIN_LOCK_SECONDS: String(LOCK_SECONDS),
  })
  await createAccount(service.payload, 'admin', ADMIN)
  await createAccount(service.payload, 'editor', EDITOR)
})

afterAll(async () => {
  await service?.stop()
})

type Door = 'api' | 'rest' | 'graphql'
type Answer = { status: number; retryAfter?: number; body: unknown }

let nextIp = 0
/** A fresh client address for each test, so tests do not share a budget. */
const newIp = () => `203.0.113.${++nextIp}`

const login = async (door: Door, ip: string, email: string, password: string, extraHeaders: Record<string, string> = {}) => {
  const request = service.request()
  const sent =
    door === 'api'
      ? request.post('/api/auth/login').send({ email, password })
      : door === 'rest'
        ? request.post('/cms-api/users/login').send({ email, password })
        : request.post('/cms-api/graphql').send({
            query: 'mutation ($email: String!, $password: String!) { loginUser(email: $email, password: $password) { token } }',
            variables: { email, password },
          })
  const res = await sent.set('X-Forwarded-For', ip).set(extraHeaders)
  const retryAfter = res.headers['retry-after'] === undefined ? undefined : Number(res.headers['retry-after'])
  return { res, answer: { status: statusOf(door, res), retryAfter, body: res.body } as Answer }
}

/** GraphQL answers HTTP 200 with the operation's status in `errors[0].extensions.statusCode`. */
const statusOf = (door: Door, res: { status: number; body: { errors?: { extensions?: { statusCode?: number } }[] } }) =>
  door === 'graphql' ? (res.body.errors?.[0]?.extensions?.statusCode ?? res.status) : res.status

const unknownEmail = (label: string, n: number) => `nobody-${label}-${n}@example.com`

const THROTTLED = 'Too many failed logins; try again later'

/** The private header that once carried the client's address to Payload: the address now travels in `req.context`. */
const FORMER_CLIENT_IP_HEADER = 'x-blog-service-client-ip'

describe.each(['api', 'rest', 'graphql'] as const)('a password spray from one IP on the %s door', (door) => {
  it(`answers 401 to ${PER_IP} failures across many emails, then 429 with Retry-After; another IP is not affected`, async () => {
    const ip = newIp()
    const emails = [EDITOR, ADMIN, ...Array.from({ length: PER_IP - 2 }, (_, n) => unknownEmail(door, n))]
    const statuses: number[] = []
    for (const email of emails) statuses.push((await login(door, ip, email, 'wrong password')).answer.status)
    expect(statuses).toEqual(Array(PER_IP).fill(401))

    // Refused even with the right password: the address has spent its failures.
    const { answer } = await login(door, ip, EDITOR, PASSWORD)
    expect(answer.status).toBe(429)
    expect(answer.retryAfter).toBeGreaterThan(IP_WINDOW_SECONDS - 60)
    expect(answer.retryAfter).toBeLessThanOrEqual(IP_WINDOW_SECONDS)
    if (door === 'api') expect(answer.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: THROTTLED } })
    if (door === 'rest') expect(answer.body).toMatchObject({ errors: [{ message: THROTTLED }] })
    if (door === 'graphql') expect(answer.body).toMatchObject({ data: { loginUser: null }, errors: [{ message: THROTTLED }] })

    const elsewhere = await login(door, newIp(), EDITOR, PASSWORD)
    expect(elsewhere.answer.status).toBe(200)
    expect(JSON.stringify(elsewhere.res.body)).toMatch(/"token":"[\w-]+\.[\w-]+\.[\w-]+"/)
  })
})

describe('the per-IP budget', () => {
  it('is shared by the three doors', async () => {
    const ip = newIp()
    const doors: Door[] = ['api', 'rest', 'graphql']
    for (let n = 0; n < PER_IP; n++) {
      expect((await login(doors[n % 3]!, ip, unknownEmail('shared', n), 'wrong')).answer.status).toBe(401)
    }
    for (const door of doors) expect((await login(door, ip, unknownEmail('shared', 99), 'wrong')).answer.status).toBe(429)
  })

  it('counts each loginUser of one GraphQL request', async () => {
    const ip = newIp()
    const fields = Array.from(
      { length: PER_IP + 1 },
      (_, n) => `a${n}: loginUser(email: "${unknownEmail('alias', n)}", password: "wrong") { token }`,
    )
    const res = await service
      .request()
      .post('/cms-api/graphql')
      .set('X-Forwarded-For', ip)
      .send({ query: `mutation { ${fields.join(' ')} }` })
    const codes = (res.body.errors as { extensions: { statusCode: number } }[]).map((error) => error.extensions.statusCode)
    expect(codes).toEqual([...Array(PER_IP).fill(401), 429])
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('is not spent by successful logins: a success gives its attempt back', async () => {
    const ip = newIp()
    for (let n = 0; n < PER_IP + 2; n++) expect((await login('api', ip, EDITOR, PASSWORD)).answer.status).toBe(200)
  })

  it('is one budget for every address of an IPv6 /64', async () => {
    const subnet = `2001:db8:${++nextIp}:1`
    const statuses: number[] = []
    for (let n = 0; n < PER_IP; n++) statuses.push((await login('api', `${subnet}::${n + 1}`, unknownEmail('v6', n), 'wrong')).answer.status)
    expect(statuses).toEqual(Array(PER_IP).fill(401))
    expect((await login('api', `${subnet}:abcd::99`, EDITOR, PASSWORD)).answer.status).toBe(429)
    expect((await login('api', `2001:db8:${++nextIp}:1::1`, EDITOR, PASSWORD)).answer.status).toBe(200)
  })

  it.each(['api', 'rest', 'graphql'] as const)('cannot be dodged on the %s door by sending a client-address header of its own', async (door) => {
    const ip = newIp()
    for (let n = 0; n <= PER_IP; n++) {
      const spoofed = `198.51.100.${n}`
      const { answer } = await login(door, ip, unknownEmail(`spoof-${door}`, n), 'wrong', { [FORMER_CLIENT_IP_HEADER]: spoofed, 'X-Real-IP': spoofed })
      expect(answer.status).toBe(n < PER_IP ? 401 : 429)
    }
  })
})

describe('the lock per account and IP', () => {
  it('keeps the admin able to log in from elsewhere while a stranger fails on the admin email', async () => {
    const stranger = newIp()
    for (let n = 0; n < PER_ACCOUNT; n++) expect((await login('api', stranger, ADMIN, `guess ${n}`)).answer.status).toBe(401)
    for (const door of ['api', 'rest', 'graphql'] as const) {
      const { answer } = await login(door, stranger, ADMIN, PASSWORD)
      expect(answer.status).toBe(429)
      expect(answer.retryAfter).toBeGreaterThan(LOCK_SECONDS - 30)
      expect(answer.retryAfter).toBeLessThanOrEqual(LOCK_SECONDS)
    }
    // The admin, from another address, on the admin UI's door and on /api.
    const admin = newIp()
    expect((await login('rest', admin, ADMIN, PASSWORD)).res.body.user).toMatchObject({ email: ADMIN })
    expect((await login('api', admin, ADMIN, PASSWORD)).answer.status).toBe(200)
    // The stranger's address can still log in to other accounts.
    expect((await login('api', stranger, EDITOR, PASSWORD)).answer.status).toBe(200)
  })

  it('is cleared by a successful login from that IP', async () => {
    const ip = newIp()
    const attempt = (password: string) => login('api', ip, EDITOR, password).then(({ answer }) => answer.status)
    for (let n = 0; n < PER_ACCOUNT - 1; n++) expect(await attempt('wrong')).toBe(401)
    expect(await attempt(PASSWORD)).toBe(200)
    for (let n = 0; n < PER_ACCOUNT; n++) expect(await attempt('wrong')).toBe(401)
    expect(await attempt('wrong')).toBe(429)
  })

  it('does not limit Local API calls made by server code (they carry no client address)', async () => {
    for (let n = 0; n < PER_IP + 1; n++) {
      await expect(service.payload.login({ collection: 'users', data: { email: EDITOR, password: 'wrong' } })).rejects.toBeInstanceOf(
        AuthenticationError,
      )
    }
    const { user } = await service.payload.login({ collection: 'users', data: { email: EDITOR, password: PASSWORD } })
    expect(user?.email).toBe(EDITOR)
  })
})

describe('unknown and known emails look the same', () => {
  it.each(['api', 'rest', 'graphql'] as const)('%s: the same answer to a wrong password, then the same lock', async (door) => {
    const known: Answer[] = []
    const unknown: Answer[] = []
    const ip = newIp()
    for (let n = 0; n <= PER_ACCOUNT; n++) {
      known.push((await login(door, ip, EDITOR, 'wrong')).answer)
      unknown.push((await login(door, ip, unknownEmail('same', 0), 'wrong')).answer)
    }
    expect(known.map((answer) => answer.status)).toEqual([...Array(PER_ACCOUNT).fill(401), 429])
    expect(unknown).toEqual(known)
  })

  describe('the work done for a wrong password', () => {
    const pbkdf2 = vi.spyOn(crypto, 'pbkdf2')
    afterEach(() => {
      pbkdf2.mockClear()
    })
    afterAll(() => {
      pbkdf2.mockRestore()
    })

    /** Algorithm and cost of every PBKDF2 that one login ran. */
    const hashingOf = async (email: string) => {
      pbkdf2.mockClear()
      expect((await login('api', newIp(), email, 'wrong password')).answer.status).toBe(401)
      return pbkdf2.mock.calls.map(([, , iterations, keyLength, digest]) => ({ iterations, keyLength, digest }))
    }

    it('is one PBKDF2 of the same cost for an unknown email as for a real account', async () => {
      const real = await hashingOf(EDITOR)
      expect(real).toEqual([{ iterations: 600_000, keyLength: 32, digest: 'sha256' }])
      expect(await hashingOf('no-such-account@example.com')).toEqual(real)
    })

    it('uses the very hash Payload stores (so a Payload upgrade that changes it fails here)', async () => {
      const stored = await service.payload.db.findOne<{ id: number; hash: string; salt: string }>({
        collection: 'users',
        where: { email: { equals: EDITOR } },
      })
      expect(await matchesPayloadHash(PASSWORD, stored!.salt, stored!.hash)).toBe(true)
      expect(await matchesPayloadHash('wrong', stored!.salt, stored!.hash)).toBe(false)
    })
  })
})
