import { describe, expect, it } from 'vitest'

import { forbiddenAddressReason, literalAddressProblem, type LookupAll, lookupAll, vetHost } from '../../lib/webhooks/addressGuard'
import { checkWebhookUrl } from '../../lib/webhooks/webhookUrl'

const resolvesTo =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ['::127.0.0.1', '127.0.0.1 is a loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', '169.254.169.254 is a cloud metadata'],
    ['::10.0.0.1', 'private'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'cloud metadata'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['2002:0a00:0001:1::2', 'private'],
    ['64:ff9b:1::a00:1', 'special-purpose'],
    ['2001::1', 'special-purpose (teredo)'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(forbiddenAddressReason(address)).toContain(kind)
  })

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])(
    'lets the public address %s pass',
    (address) => {
      expect(forbiddenAddressReason(address)).toBeUndefined()
    },
  )

  it('refuses what is not an address', () => {
    expect(forbiddenAddressReason('example.com')).toMatch(/not an IP address/)
  })
})

describe('vetHost (at every delivery)', () => {
  it('refuses a name when any address it resolves to is internal', async () => {
    await expect(vetHost('rebind.example', { allowPrivate: false, lookup: resolvesTo('93.184.215.14', '10.0.0.5') })).rejects.toThrow(
      'refused: 10.0.0.5 is a private address (rebind.example resolves to it)',
    )
    await expect(vetHost('mapped.example', { allowPrivate: false, lookup: resolvesTo('::ffff:127.0.0.1') })).rejects.toThrow(/127\.0\.0\.1 is a loopback address/)
    await expect(vetHost('meta.example', { allowPrivate: false, lookup: resolvesTo('169.254.169.254') })).rejects.toThrow(/cloud metadata/)
    await expect(vetHost('nat64.example', { allowPrivate: false, lookup: resolvesTo('64:ff9b::a9fe:a9fe') })).rejects.toThrow(/cloud metadata/)
    await expect(vetHost('compat.example', { allowPrivate: false, lookup: resolvesTo('::10.0.0.1') })).rejects.toThrow(/private/)
  })

  it('refuses localhost by name, and a name the system resolves to loopback', async () => {
    await expect(vetHost('localhost', { allowPrivate: false })).rejects.toThrow(/localhost is this host/)
    await expect(vetHost('api.localhost', { allowPrivate: false })).rejects.toThrow(/this host/)
    // The real resolver: localhost's addresses are loopback (the name rule aside).
    const addresses = await lookupAll('localhost')
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every(({ address }) => forbiddenAddressReason(address)?.includes('loopback'))).toBe(true)
  })

  it('refuses literal addresses without asking DNS', async () => {
    const lookup = async () => {
      throw new Error('DNS must not be asked')
    }
    await expect(vetHost('127.0.0.1', { allowPrivate: false, lookup })).rejects.toThrow(/loopback/)
    await expect(vetHost('[::1]', { allowPrivate: false, lookup })).rejects.toThrow(/loopback/)
    await expect(vetHost('93.184.215.14', { allowPrivate: false, lookup })).resolves.toEqual([{ address: '93.184.215.14', family: 4 }])
  })

  it('passes a public name with every address it resolves to', async () => {
    await expect(vetHost('hooks.example', { allowPrivate: false, lookup: resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') })).resolves.toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ])
  })

  it('passes anything with WEBHOOK_ALLOW_PRIVATE', async () => {
    await expect(vetHost('localhost', { allowPrivate: true, lookup: resolvesTo('127.0.0.1') })).resolves.toEqual([{ address: '127.0.0.1', family: 4 }])
    await expect(vetHost('10.0.0.1', { allowPrivate: true })).resolves.toEqual([{ address: '10.0.0.1', family: 4 }])
  })
})

describe('the URL rule at save', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://0x7f.1/hook',
    'http://2130706433/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'https://LOCALHOST./hook',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/hook',
    'http://[fe80::1]/hook',
    'http://0.0.0.0:3000/',
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/latest/meta-data',
    'http://[::10.0.0.1]/hook',
    'http://[64:ff9b::10.0.0.1]/hook',
    'http://[2002:7f00:1::1]/hook',
  ])('refuses %s unless private receivers are allowed', (url) => {
    expect(literalAddressProblem(new URL(url))).toBeDefined()
    expect(checkWebhookUrl(url, false)).toMatch(/private address .*WEBHOOK_ALLOW_PRIVATE=true/)
    expect(checkWebhookUrl(url, true)).toBe(true)
  })

  it.each(['https://hooks.example.com/rebuild', 'http://93.184.215.14/x', 'https://[2606:4700:4700::1111]/x'])('accepts %s', (url) => {
    expect(checkWebhookUrl(url, false)).toBe(true)
  })

  it.each(['ftp://example.com', 'mailto:a@example.com', '//example.com/x', '/x', 'http:/example.com', '', 42])('refuses %j', (url) => {
    expect(checkWebhookUrl(url, true)).not.toBe(true)
  })
})
