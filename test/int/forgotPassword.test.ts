import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FORGOT_PASSWORD_LIMITED_MESSAGE } from '../../lib/forgotPasswordLimit'
import { createAccount } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'
import { pollUntil } from '../helpers/poll'

const LIMIT = 5
const WINDOW_SECONDS = 15 * 60
const REAL = 'writer@example.com'

let service: BootedService
let articleId: number

beforeAll(async () => {
  service = await bootService({ TRUST_PROXY: 'true' })
  await createAccount(service.payload, 'editor', REAL)
  const category = await createCategory(service.payload, 'Notes')
  articleId = Number((await createArticle(service.payload, { title: 'Original title', category })).id)
})

afterAll(async () => {
  await service?.stop()
})

let nextIp = 0
/** A fresh client address for each test, so tests do not share a budget. */
const newIp = () => `203.0.113.${++nextIp}`

type Door = 'rest' | 'graphql'

const forgotPassword = async (door: Door, ip: string, email: string) => {
  const sent =
    door === 'rest'
      ? service.request().post('/cms-api/users/forgot-password').send({ email })
      : service
          .request()
          .post('/cms-api/graphql')
          .send({ query: 'mutation ($email: String!) { forgotPasswordUser(email: $email) }', variables: { email } })
  const res = await sent.set('X-Forwarded-For', ip)
  return { status: res.status, body: res.body as unknown, retryAfter: res.headers['retry-after'] }
}

/** Changes a title behind Payload's back (no hooks, so no cache clearing): what a cached answer would not show. */
const retitleQuietly = (title: string) => service.payload.db.updateOne({ collection: 'articles', id: articleId, data: { title } })
const listedTitles = async () => ((await service.request().get('/api/articles')).body as { data: { title: string }[] }).data.map((item) => item.title)

const resetTokenOf = async (email: string) => {
  const user = await service.payload.db.findOne<{ id: number; resetPasswordToken?: string | null }>({ collection: 'users', where: { email: { equals: email } } })
  return user?.resetPasswordToken ?? undefined
}

describe.each(['rest', 'graphql'] as const)('POST forgot-password on the %s door', (door) => {
  it(`answers ${LIMIT} requests from one IP, then 429 with Retry-After; another IP is not affected`, async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let n = 0; n < LIMIT; n++) statuses.push((await forgotPassword(door, ip, `nobody-${door}-${n}@example.com`)).status)
    expect(statuses).toEqual(Array(LIMIT).fill(200))

    const refused = await forgotPassword(door, ip, REAL)
    expect(Number(refused.retryAfter)).toBeGreaterThan(WINDOW_SECONDS - 60)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS)
    if (door === 'rest') {
      expect(refused).toMatchObject({ status: 429, body: { errors: [{ message: FORGOT_PASSWORD_LIMITED_MESSAGE }] } })
    } else {
      expect(refused.body).toMatchObject({ errors: [{ message: FORGOT_PASSWORD_LIMITED_MESSAGE, extensions: { statusCode: 429 } }] })
    }
    expect((await forgotPassword(door, newIp(), REAL)).status).toBe(200)
  })

  it('answers a real and an unknown email alike', async () => {
    const real = await forgotPassword(door, newIp(), REAL)
    const unknown = await forgotPassword(door, newIp(), `nobody-${door}@example.com`)
    expect(unknown).toEqual(real)
    expect(real.status).toBe(200)
  })
})

describe('the forgot-password limit', () => {
  it('counts IPv6 clients by their /64', async () => {
    for (let n = 0; n < LIMIT; n++) expect((await forgotPassword('rest', `2001:db8:5:6::${n + 1}`, `v6-${n}@example.com`)).status).toBe(200)
    expect((await forgotPassword('rest', '2001:db8:5:6::ffff', REAL)).status).toBe(429)
    expect((await forgotPassword('rest', '2001:db8:5:7::1', REAL)).status).toBe(200)
  })

  it('refuses a request without an email with 400, as Payload does', async () => {
    const res = await service.request().post('/cms-api/users/forgot-password').set('X-Forwarded-For', newIp()).send({})
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ errors: [{ message: 'Missing email.' }] })
  })
})

describe('after a forgot-password for a real account', () => {
  it('has prepared the reset, and left the public cache as it was', async () => {
    const email = 'cache-check@example.com'
    await createAccount(service.payload, 'user', email)
    expect(await listedTitles()).toEqual(['Original title'])
    await retitleQuietly('Changed behind the cache')

    expect((await forgotPassword('rest', newIp(), email)).status).toBe(200)
    await pollUntil('the reset token', () => resetTokenOf(email))
    expect(await listedTitles()).toEqual(['Original title'])

    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Original title' }, overrideAccess: true })
  })
})

describe('saving a user', () => {
  it('leaves the public cache when no public field changes, and clears it when the name does', async () => {
    const user = await createAccount(service.payload, 'user', 'saver@example.com')
    expect(await listedTitles()).toEqual(['Original title'])
    await retitleQuietly('Changed behind the cache')

    await service.payload.update({ collection: 'users', id: user.id, data: { password: 'another long password' }, overrideAccess: true })
    expect(await listedTitles()).toEqual(['Original title'])

    await service.payload.update({ collection: 'users', id: user.id, data: { name: 'A new byline' }, overrideAccess: true })
    expect(await listedTitles()).toEqual(['Changed behind the cache'])

    await service.payload.update({ collection: 'articles', id: articleId, data: { title: 'Original title' }, overrideAccess: true })
  })
})
