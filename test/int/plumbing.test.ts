import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import net from 'node:net'
import { deflateRawSync, gzipSync } from 'node:zlib'

import { Hono } from 'hono'

import { createBlogApi } from '../../endpoints/app'
import { NO_CLIENT_ADDRESS_WARNING } from '../../endpoints/http/plumbing'
import { ApiError } from '../../endpoints/http/apiError'
import { createErrorHandler } from '../../endpoints/http/errorHandler'
import { startCommonHeaders } from '../../endpoints/http/commonHeaders'
import type { ApiEnv } from '../../endpoints/http/requestTypes'
import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

beforeAll(async () => {
  service = await bootService({ CORS_ORIGINS: 'https://site.example.com' })
})

afterAll(async () => {
  await service?.stop()
})

const expectEnvelope = (body: unknown, code: string) => {
  expect(body).toEqual({ success: false, error: { code, message: expect.any(String) } })
}

describe('unknown routes', () => {
  it.each([
    ['get', '/api/nope'],
    ['post', '/api/nope'],
    ['delete', '/api/articles/zzz/deeper'],
    ['get', '/api'],
  ] as const)('%s %s -> 404 envelope', async (method, path) => {
    const res = await service.request()[method](path)
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expectEnvelope(res.body, 'NOT_FOUND')
  })
})

describe('paths that are not valid percent-encoding', () => {
  it.each([
    ['get', '/api/articles/%ff'],
    ['head', '/api/articles/%E0%A4%A'],
    ['get', '/api/projects/%/related'],
    ['get', '/api/resources/%C0%AE/download'],
    ['get', '/api/galleries/%%'],
    ['post', '/api/articles/%ff/like'],
  ] as const)('%s %s -> 400 envelope', async (method, path) => {
    const res = await service.request()[method](path)
    expect(res.status).toBe(400)
    if (method !== 'head') {
      expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: 'Request path is not valid percent-encoding' } })
    }
  })
})

/** The raw answer to a GET of `path` as written, on a socket of its own (HTTP clients normalise paths). */
const rawAnswer = (path: string, host: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(service.url).port), '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    )
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })

describe('a request no URL can be made of', () => {
  it('answers a Host header with a space 400, on every door, not 500', async () => {
    for (const path of ['/api/health', '/cms-api/users', '/admin']) {
      const answer = await rawAnswer(path, 'bad host')
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
      expect(answer).toContain(path.startsWith('/api') ? '"code":"VALIDATION_ERROR"' : '{"errors":[{"message":')
      expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff')
    }
  })
})

describe('nosniff on every door', () => {
  it('is sent by /api, /cms-api and the rest, a path that leaves /api by its dot segments included', async () => {
    const doors: [string, string][] = [
      ['/api/health', '"success":true'],
      ['/api/../cms-api/users/me', '"user":null'],
      ['/api/%2e%2e/cms-api/users/me', '"user":null'],
      ['/cms-api/users/me', '"user":null'],
      ['/nowhere', '{"errors":[{"message":"Not Found"'],
    ]
    for (const [path, body] of doors) {
      const answer = await rawAnswer(path, 'localhost')
      expect(answer, path).toContain(body)
      expect(answer.toLowerCase(), path).toContain('x-content-type-options: nosniff')
    }
  })
})

describe('headers on every /api response', () => {
  it('carries a request id and nosniff, on success and on error', async () => {
    for (const path of ['/api/health', '/api/nope']) {
      const res = await service.request().get(path)
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('gives each request its own id', async () => {
    const [a, b] = await Promise.all([service.request().get('/api/health'), service.request().get('/api/health')])
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })
})

describe('JSON bodies', () => {
  it('415 when a body is not JSON', async () => {
    const res = await service.request().post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a')
    expect(res.status).toBe(415)
    expectEnvelope(res.body, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('415 for form posts too', async () => {
    const res = await service.request().post('/api/auth/login').type('form').send({ email: 'a@b.co', password: 'x' })
    expect(res.status).toBe(415)
  })

  it('400 for malformed JSON', async () => {
    const res = await service.request().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ')
    expect(res.status).toBe(400)
    expectEnvelope(res.body, 'VALIDATION_ERROR')
  })

  it('413 above 1 MB in general', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) })
    const res = await service.request().post('/api/auth/login').set('Content-Type', 'application/json').send(big)
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    expectEnvelope(res.body, 'PAYLOAD_TOO_LARGE')
  })

  it('413 above 100 KB for wall messages', async () => {
    const body = JSON.stringify({ nickname: 'n', content: 'x'.repeat(101 * 1024) })
    const res = await service.request().post('/api/wall-messages').set('Content-Type', 'application/json').send(body)
    expect(res.status).toBe(413)
    expectEnvelope(res.body, 'PAYLOAD_TOO_LARGE')
  })

  it('a body of thousands of unknown keys is answered with the first ten named, not all of them', async () => {
    const body = Object.fromEntries([['email', 'a@b.co'], ['password', 'a password'], ...Array.from({ length: 5_000 }, (_, i) => [`k${i}`, 0])])
    const res = await service.request().post('/api/auth/login').send(body)
    expect(res.status).toBe(400)
    const listed = Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ')
    expect(res.body.error.details).toEqual([{ path: '(body)', message: `Unrecognized keys: ${listed} and 4990 more` }])
  })

  it('400 for a body of more than 10,000 values, commas inside strings not counted', async () => {
    const many = await service.request().post('/api/auth/login').send({ email: 'a@b.co', password: 'x', list: Array(10_000).fill(0) })
    expect(many.status).toBe(400)
    expect(many.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Request body holds more than 10000 values' })
    const inText = await service.request().post('/api/auth/login').send({ email: 'not-an-email', password: 'x', name: ','.repeat(20_000) })
    expect(inText.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['email', '(body)'])
  })

  it('400 with details when a body does not match its schema', async () => {
    const res = await service.request().post('/api/auth/login').send({ email: 'not-an-email', extra: true })
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    const paths = res.body.error.details.map((detail: { path: string }) => detail.path)
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']))
    expect(res.body.error.details.every((d: { message: unknown }) => typeof d.message === 'string')).toBe(true)
  })

  it('400 for a compressed body that does not inflate, and reads one that does', async () => {
    // fetch sends the bytes as given (superagent does not, for a compressed body).
    const login = (encoding: string, body: Buffer) =>
      fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body: new Uint8Array(body) })
    const json = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }))
    const bad: [string, Buffer][] = [
      ['gzip', Buffer.from('not gzip at all')],
      ['gzip', gzipSync(json).subarray(0, 12)],
      ['deflate', deflateRawSync(json)],
      ['br', Buffer.from('not brotli either')],
    ]
    for (const [encoding, body] of bad) {
      const res = await login(encoding, body)
      expect({ encoding, status: res.status, body: await res.json() }).toEqual({
        encoding,
        status: 400,
        body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'Request body could not be decompressed' } },
      })
    }
    expect((await login('gzip', gzipSync(json))).status).toBe(401)
  })

  it('accepts JSON with a charset parameter', async () => {
    const res = await service
      .request()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }))
    expect(res.status).toBe(401)
  })
})

describe('CORS', () => {
  it('allows a configured origin, without credentials', async () => {
    const res = await service.request().get('/api/health').set('Origin', 'https://site.example.com')
    expect(res.headers['access-control-allow-origin']).toBe('https://site.example.com')
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    expect(res.headers.vary).toMatch(/Origin/)
  })

  it('says nothing to other origins', async () => {
    const res = await service.request().get('/api/health').set('Origin', 'https://evil.example.com')
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers a preflight with 204 and the allowed headers', async () => {
    const res = await service
      .request()
      .options('/api/wall-messages')
      .set('Origin', 'https://site.example.com')
      .set('Access-Control-Request-Method', 'POST')
    expect(res.status).toBe(204)
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/)
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/)
  })
})

describe('the error handler', () => {
  const appThrowing = (error: unknown) => {
    const logged: unknown[] = []
    const logger = { error: (...args: unknown[]) => logged.push(args) } as never
    const app = new Hono<ApiEnv>()
    app.use(async (c, next) => {
      startCommonHeaders(c, [])
      await next()
    })
    app.get('/boom', () => {
      throw error
    })
    app.onError(createErrorHandler(logger))
    const get = async (path: string) => {
      const response = await app.request(path)
      const text = await response.text()
      return { status: response.status, text, body: JSON.parse(text) as unknown, headers: Object.fromEntries(response.headers) }
    }
    return { get, logged }
  }

  it('answers 500 without the stack, SQL or paths, and logs it under the request id', async () => {
    const { get, logged } = appThrowing(new Error('SELECT * FROM users at /srv/app/lib/secret.ts:12'))
    const res = await get('/boom')
    expect(res.status).toBe(500)
    expect(res.body).toEqual({
      success: false,
      error: { code: 'INTERNAL', message: `Internal server error (request id ${res.headers['x-request-id']})` },
    })
    expect(res.text).not.toMatch(/SELECT|\/srv\/app|secret\.ts|at /)
    expect(JSON.stringify(logged)).toContain(res.headers['x-request-id'])
  })

  it.each([
    ['VALIDATION_ERROR', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
  ] as const)('maps %s to %i', async (code, status) => {
    const res = await appThrowing(new ApiError(code, 'because')).get('/boom')
    expect(res.status).toBe(status)
    expect(res.body).toEqual({ success: false, error: { code, message: 'because' } })
  })

  it('sends extra headers an error carries (Retry-After)', async () => {
    const error = new ApiError('RATE_LIMITED', 'slow down', undefined, { 'Retry-After': '30' })
    const res = await appThrowing(error).get('/boom')
    expect(res.headers['retry-after']).toBe('30')
  })
})

describe('a host that cannot tell clients apart', () => {
  it('is told once, when TRUST_PROXY is off and its requests come without a peer address', async () => {
    const warnings: unknown[] = []
    const warn = vi.spyOn(service.payload.logger, 'warn').mockImplementation(((entry: unknown) => warnings.push(entry)) as never)
    try {
      const appWith = (trustProxy: boolean) => createBlogApi({ database: service.database.kind, env: { ...service.env, trustProxy }, payload: service.payload })
      // A Next route handler's Request: no bindings, so no socket.
      const behindNothing = appWith(false)
      for (let i = 0; i < 3; i++) expect((await behindNothing.request('/api/health')).status).toBe(200)
      expect(warnings).toEqual([NO_CLIENT_ADDRESS_WARNING])
      // Behind a proxy it trusts, the address comes from X-Forwarded-For: nothing to say.
      expect((await appWith(true).request('/api/health', { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(200)
      // The service's own server passes the socket: nothing either.
      expect((await service.request().get('/api/health')).status).toBe(200)
      expect(warnings).toEqual([NO_CLIENT_ADDRESS_WARNING])
    } finally {
      warn.mockRestore()
    }
  })
})
