import { describe, expect, it } from 'vitest'

import { rateLimitKeyOf } from '../../lib/rateLimitKey'

describe('rateLimitKeyOf', () => {
  it('keeps an IPv4 address as it is, and reads one mapped into IPv6 as that address', () => {
    expect(rateLimitKeyOf('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 under one key, and different /64s apart', () => {
    const a = rateLimitKeyOf('2001:db8:1:2::1')
    expect(a).toBe('2001:db8:1:2::/64')
    expect(rateLimitKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a)
    expect(rateLimitKeyOf('2001:0db8:0001:0002:0000:0000:0000:0099')).toBe(a)
    expect(rateLimitKeyOf('[2001:db8:1:2::5]')).toBe(a)
    expect(rateLimitKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(rateLimitKeyOf('2001:db8:1:3::1')).not.toBe(a)
  })

  it('leaves a value that is no address as it is', () => {
    expect(rateLimitKeyOf('unknown')).toBe('unknown')
  })
})
