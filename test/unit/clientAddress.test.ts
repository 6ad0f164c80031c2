import { describe, expect, it } from 'vitest'

import { clientAddressOf } from '../../lib/clientAddress'

const PEER = '198.51.100.9'
const forwardedFor = (value: string) => new Headers({ 'X-Forwarded-For': value })

describe('clientAddressOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7, 10.0.0.1', '203.0.113.7'],
    ['  203.0.113.7  ,10.0.0.1', '203.0.113.7'],
    [', ,2001:db8::1, 10.0.0.1', '2001:db8::1'],
    ['not an address, 10.0.0.1', 'not an address'],
    [',', PEER],
  ])('with TRUST_PROXY, reads the first address of X-Forwarded-For %j', (header, expected) => {
    expect(clientAddressOf(forwardedFor(header), PEER, true)).toBe(expected)
  })

  it('without TRUST_PROXY, gives the peer whatever the client claims', () => {
    expect(clientAddressOf(forwardedFor('203.0.113.7'), PEER, false)).toBe(PEER)
    expect(clientAddressOf(new Headers(), PEER, true)).toBe(PEER)
  })

  it('says unknown where the host cannot tell the peer', () => {
    expect(clientAddressOf(new Headers(), undefined, false)).toBe('unknown')
  })
})
