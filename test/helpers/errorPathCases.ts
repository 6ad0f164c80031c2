import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService, type BootedService } from './bootService'
import { uploadImage } from './media'

/** Nothing of the process's insides: no stack frame, no file path, no HTML page. */
const expectNoInternals = (text: string) => {
  expect(text).not.toMatch(/node_modules|\bat [\w.<]+ \(|\/work\/|<html|<pre>/i)
}

/**
 * The error paths and headers every door shares, on a service running in `nodeEnv` (frameworks show a stack on
 * their own error pages unless NODE_ENV is production: none may show here).
 */
export const describeErrorPaths = (nodeEnv: 'development' | 'production') => {
  let service: BootedService
  let mediaFile = ''
  const previousNodeEnv = process.env.NODE_ENV

  beforeAll(async () => {
    Object.assign(process.env, { NODE_ENV: nodeEnv })
    service = await bootService({ NODE_ENV: nodeEnv })
    const image = await uploadImage(service.payload, 'sniff')
    mediaFile = String(image.filename)
  })

  afterAll(async () => {
    await service?.stop()
    Object.assign(process.env, { NODE_ENV: previousNodeEnv })
  })

  describe(`a path that is not valid percent-encoding (NODE_ENV=${nodeEnv})`, () => {
    it.each(['/cms-api/%', '/cms-api/users/%E0%A4%A', '/%', '/admin/%', '/nothing/%ff?x=1'])('%s is a 400 in Payload\'s error shape', async (path) => {
      const res = await fetch(`${service.url}${path}`)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const text = await res.text()
      expectNoInternals(text)
      expect(JSON.parse(text)).toEqual({ errors: [{ message: 'Request path is not valid percent-encoding' }] })
    })

    it.each(['/api/%', '/api/articles/%ff', '/api/search/%E0%A4%A?q=a'])('%s is a 400 VALIDATION_ERROR in the envelope', async (path) => {
      const res = await fetch(`${service.url}${path}`)
      expect(res.status).toBe(400)
      const text = await res.text()
      expectNoInternals(text)
      expect(JSON.parse(text)).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: 'Request path is not valid percent-encoding' } })
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('leaves the process answering', async () => {
      expect((await fetch(`${service.url}/api/health`)).status).toBe(200)
    })
  })

  describe(`answers no route takes (NODE_ENV=${nodeEnv})`, () => {
    it('a path outside the doors is a JSON 404', async () => {
      const res = await fetch(`${service.url}/no/such/page`)
      expect(res.status).toBe(404)
      const text = await res.text()
      expectNoInternals(text)
      expect(JSON.parse(text)).toEqual({ errors: [{ message: 'Not Found' }] })
    })

    it('an unknown media file is a 404', async () => {
      const res = await fetch(`${service.url}/cms-api/media/file/no-such-file.png`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ errors: [{ message: 'Not Found' }] })
    })

    it('a known media file is served', async () => {
      const res = await fetch(`${service.url}/cms-api/media/file/${mediaFile}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
    })

    it('a verification token is a 404 (users verify no emails), on REST and GraphQL', async () => {
      const rest = await fetch(`${service.url}/cms-api/users/verify/abc`, { method: 'POST' })
      expect(rest.status).toBe(404)
      expect(await rest.json()).toEqual({ errors: [{ message: 'Not Found' }] })
      const graphql = await service.request().post('/cms-api/graphql').send({ query: 'mutation { verifyEmailUser(token: "abc") }' })
      expect(graphql.body).toMatchObject({ errors: [{ extensions: { statusCode: 404 } }] })
    })
  })

  describe(`X-Content-Type-Options: nosniff (NODE_ENV=${nodeEnv})`, () => {
    it.each([
      ['an /api answer', '/api/articles'],
      ['an /api answer from the public cache', '/api/articles'],
      ['an /api 404', '/api/no-such-route'],
      ['a /cms-api answer', '/cms-api/articles'],
      ['a /cms-api 404', '/cms-api/no-such-collection'],
      ['a media file', () => `/cms-api/media/file/${mediaFile}`],
      ['a missing media file', '/cms-api/media/file/no-such-file.png'],
      ['a malformed path', '/cms-api/%'],
      ['a path outside the doors', '/no/such/page'],
      ['the API reference', '/api/docs'],
    ] as [string, string | (() => string)][])('on %s', async (_, path) => {
      const res = await fetch(`${service.url}${typeof path === 'string' ? path : path()}`)
      await res.arrayBuffer()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    })
  })

  describe(`GET /api/docs (NODE_ENV=${nodeEnv})`, () => {
    it('may not be framed, and runs only its own scripts', async () => {
      const res = await fetch(`${service.url}/api/docs`)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toContain("default-src 'none'")
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
      expect(nonce).toBeDefined()
      const html = await res.text()
      const scripts = html.match(/<script[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)

      const again = await fetch(`${service.url}/api/docs`)
      expect(again.headers.get('content-security-policy')).not.toBe(policy)
    })
  })
}
