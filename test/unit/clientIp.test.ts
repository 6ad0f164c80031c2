import { describe, expect, it } from 'vitest'
import { isolateObjectProperty } from 'payload'

import { clientIpOf, handOverClientIp, TRUST_PROXY_KEY } from '../../lib/clientIp'

const HANDED_OVER = '203.0.113.5'
const FORWARDED = '198.51.100.7'

/** A request as Payload's REST handler makes it: the host's Request with Payload's properties assigned onto it. */
const payloadRequest = (trustProxy: boolean, headers: Record<string, string> = { 'X-Forwarded-For': FORWARDED }) =>
  Object.assign(new Request('http://localhost/cms-api/users/login', { method: 'POST', headers }), {
    context: {},
    transactionID: undefined,
    payload: { config: { custom: { [TRUST_PROXY_KEY]: trustProxy } } },
  })

describe('clientIpOf', () => {
  it('answers the address the host handed over, whatever the headers say, and keeps it in req.context', () => {
    const req = payloadRequest(true, { 'X-Forwarded-For': FORWARDED, 'X-Blog-Service-Client-Ip': '192.0.2.1' })
    handOverClientIp(req, HANDED_OVER)
    expect(clientIpOf(req)).toBe(HANDED_OVER)
    expect(req.context).toEqual({ clientIp: HANDED_OVER })
  })

  it("finds the handed-over address through the Proxy Payload's GraphQL resolvers make of the request", () => {
    const req = payloadRequest(false)
    handOverClientIp(req, HANDED_OVER)
    expect(clientIpOf(isolateObjectProperty(req, 'transactionID'))).toBe(HANDED_OVER)
  })

  it('takes the first X-Forwarded-For hop of a request no host marked only when the proxy is trusted', () => {
    expect(clientIpOf(payloadRequest(true, { 'X-Forwarded-For': `${FORWARDED}, 10.0.0.1` }))).toBe(FORWARDED)
    expect(clientIpOf(payloadRequest(false))).toBe('unknown')
    expect(clientIpOf(payloadRequest(true, {}))).toBe('unknown')
  })

  it('answers the address a Local API call made for a client put in req.context, and none for server code', () => {
    const config = { custom: { [TRUST_PROXY_KEY]: true } }
    expect(clientIpOf({ context: { clientIp: HANDED_OVER }, payload: { config } })).toBe(HANDED_OVER)
    expect(clientIpOf({ context: {}, payload: { config } })).toBeUndefined()
  })
})
