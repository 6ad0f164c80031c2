import { describe, expect, it } from 'vitest'

import { clientNetworkOf } from '../../lib/connectionsPerClient'

describe('clientNetworkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s -> %s', (address, network) => {
    expect(clientNetworkOf(address)).toBe(network)
  })

  it('addresses of one /64 are one client; of two, two', () => {
    expect(clientNetworkOf('2001:db8:1:2::a')).toBe(clientNetworkOf('2001:db8:1:2:ffff::b'))
    expect(clientNetworkOf('2001:db8:1:2::a')).not.toBe(clientNetworkOf('2001:db8:1:3::a'))
  })
})
