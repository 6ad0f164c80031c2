import { describe, expect, it } from 'vitest'

import { withoutCrossOriginCookies } from '../../lib/crossOriginCookies'

const request = (headers: Record<string, string>) => new Request('http://cms.example.com/cms-api/users', { method: 'POST', headers, body: '{}' })

describe('withoutCrossOriginCookies', () => {
  it('leaves every request to Payload when its csrf list is set (SERVER_URL): Payload checks the Origin itself', () => {
    const foreign = request({ host: 'cms.example.com', origin: 'https://evil.example.com', cookie: 'payload-token=t' })
    expect(withoutCrossOriginCookies(foreign, ['https://cms.example.com'])).toBe(foreign)
  })

  it('drops the cookies of a request from another host, keeping its method, other headers and body', async () => {
    const foreign = request({ host: 'cms.example.com', origin: 'https://evil.example.com', cookie: 'payload-token=t', 'content-type': 'application/json' })
    const stripped = withoutCrossOriginCookies(foreign, [])
    expect(stripped.headers.has('cookie')).toBe(false)
    expect(stripped.method).toBe('POST')
    expect(stripped.headers.get('content-type')).toBe('application/json')
    expect(await stripped.text()).toBe('{}')
  })

  it('compares the host with its port, as the browser wrote the Origin', () => {
    const otherPort = request({ host: 'cms.example.com', origin: 'http://cms.example.com:8080', cookie: 'payload-token=t' })
    expect(withoutCrossOriginCookies(otherPort, []).headers.has('cookie')).toBe(false)
    const samePort = request({ host: 'cms.example.com:8080', origin: 'http://cms.example.com:8080', cookie: 'payload-token=t' })
    expect(withoutCrossOriginCookies(samePort, [])).toBe(samePort)
  })
})
