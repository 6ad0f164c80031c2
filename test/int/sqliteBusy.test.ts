import { spawn } from 'node:child_process'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

// SQLite's locks are SQLite's own; the other legs have no such thing to test.
const onSqlite = !process.env.TEST_DATABASE_URL
if (!onSqlite) console.log('sqliteBusy: skipped here; it runs in `npm test` on SQLite')
const describeOnSqlite = onSqlite ? describe : describe.skip

const BUSY_TIMEOUT_MS = 600

let service: BootedService

beforeAll(async () => {
  if (onSqlite) service = await bootService({ SQLITE_BUSY_TIMEOUT: String(BUSY_TIMEOUT_MS), WALL_RATE_LIMIT: '1000' })
})

afterAll(async () => {
  await service?.stop()
})

/** Resolves once another process holds SQLite's write lock on the service's file, for `holdMs` from then. */
const holdWriteLock = (holdMs: number) =>
  new Promise<{ released: Promise<void> }>((resolve, reject) => {
    const holder = spawn(process.execPath, [path.join(import.meta.dirname, '../helpers/sqliteLockHolder.mjs'), service.database.url, String(holdMs)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const released = new Promise<void>((done) => holder.on('exit', () => done()))
    holder.stdout.once('data', () => resolve({ released }))
    holder.once('error', reject)
    holder.once('exit', (code) => reject(new Error(`the lock holder ended before it held the lock (exit code ${code})`)))
  })

const post = (content: string) => service.request().post('/api/wall-messages').send({ nickname: 'Visitor', content })

describeOnSqlite('a SQLite database locked by another writer', () => {
  it('waits for a lock released within SQLITE_BUSY_TIMEOUT, and the write succeeds', async () => {
    const lock = await holdWriteLock(BUSY_TIMEOUT_MS / 3)
    const res = await post('written once the lock was free')
    expect(res.status).toBe(201)
    await lock.released
  })

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when the lock outlasts it, writes nothing, and serves fresh data at once after', async () => {
    const before = (await service.request().get('/api/wall-messages?limit=1')).body.total
    const lock = await holdWriteLock(BUSY_TIMEOUT_MS * 3)
    const res = await post('refused while locked')
    // A read while the lock is still held, on the connection the refused write failed on (a page not cached yet).
    expect((await service.request().get('/api/wall-messages?limit=2')).body.total).toBe(before)
    await lock.released
    expect(res.status).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.body).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database cannot be reached right now; try again shortly' },
    })
    // A lock is not an outage: the next request is not refused in advance.
    expect((await post('after the lock')).status).toBe(201)
    const wall = await service.request().get('/api/wall-messages?limit=50')
    expect(wall.body.total).toBe(before + 1)
    expect(wall.body.data.map((message: { content: string }) => message.content)).not.toContain('refused while locked')
  })

  it('answers a write with a valid token 503 while the lock outlasts the timeout, never 401', async () => {
    const editor = await createAccount(service.payload, 'editor')
    const token = await loginToken(service, editor.email)
    const lock = await holdWriteLock(BUSY_TIMEOUT_MS * 3)
    const res = await service
      .request()
      .post('/api/admin/categories')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Written under a lock' })
    await lock.released
    expect(res.status).toBe(503)
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE')
    const me = await service.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`)
    expect(me.status).toBe(200)
  })

  it("answers Payload's REST 503 with Retry-After, and its GraphQL with the same message, while the lock outlasts the timeout", async () => {
    const editor = await createAccount(service.payload, 'editor')
    const token = await loginToken(service, editor.email)
    // The GraphQL handler is built on first use: built before the lock, so that the mutation meets it.
    expect((await service.request().post('/cms-api/graphql').send({ query: '{ __typename }' })).status).toBe(200)
    const lock = await holdWriteLock(BUSY_TIMEOUT_MS * 6)
    const [rest, graphql] = await Promise.all([
      service.request().post('/cms-api/categories').set('Authorization', `Bearer ${token}`).send({ name: 'REST under a lock' }),
      service
        .request()
        .post('/cms-api/graphql')
        .set('Authorization', `Bearer ${token}`)
        .send({ query: 'mutation { createCategory(data: { name: "GraphQL under a lock", type: article }) { id } }' }),
    ])
    await lock.released
    expect(rest.status).toBe(503)
    expect(rest.headers['retry-after']).toBe('5')
    expect(rest.body).toEqual({ errors: [{ message: 'The database cannot be reached right now; try again shortly' }] })
    expect(graphql.headers['retry-after']).toBe('5')
    expect(graphql.body.errors).toEqual([
      expect.objectContaining({ message: 'The database cannot be reached right now; try again shortly', extensions: expect.objectContaining({ statusCode: 503 }) }),
    ])
    const names = (await service.payload.find({ collection: 'categories', limit: 100 })).docs.map((category) => category.name)
    expect(names).not.toContain('REST under a lock')
    expect(names).not.toContain('GraphQL under a lock')
  })
})
