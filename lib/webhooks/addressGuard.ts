import dns from 'node:dns'

import ipaddr from 'ipaddr.js'

/** Cloud metadata services: named in the refusal, though the ranges below already hold them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254'])

/** What ipaddr.js calls each range we refuse, in words for the refusal. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  private: 'private',
  uniqueLocal: 'unique-local (private)',
  reserved: 'reserved',
}

/** An address (or name) a webhook may not be sent to, and why. */
export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookAddressError'
  }
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated
 * `::ffff:0:a.b.c.d`, IPv4-compatible `::a.b.c.d` (deprecated, which ipaddr.js counts as plain unicast), NAT64
 * `64:ff9b::a.b.c.d` (the well-known /96), and 6to4 `2002:aabb:ccdd::/48`. `::` and `::1` are themselves.
 */
const embeddedIPv4 = (address: ipaddr.IPv6): ipaddr.IPv4 | undefined => {
  const [a, b, c, d, e, f, g, h] = address.parts as [number, number, number, number, number, number, number, number]
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4Of(g, h)
    case 'unicast':
      return a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 ? ipv4Of(g, h) : undefined
    case 'rfc6052':
      return a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0 ? ipv4Of(g, h) : undefined
    case '6to4':
      return ipv4Of(b, c)
    default:
      return undefined
  }
}

/**
 * Why a webhook may not be sent to this IP address, or `undefined` when it may: only globally routable unicast
 * addresses pass. An IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`, `::7f00:1`, `64:ff9b::a9fe:a9fe`,
 * `2002:0a00:0001::`: embeddedIPv4 above) is judged as that IPv4 address; loopback, private (RFC 1918, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), carrier-grade NAT, unspecified, multicast,
 * documentation and every other special range are refused. Text that is not an address is refused too.
 */
export const forbiddenAddressReason = (address: string): string | undefined => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''))
  } catch {
    return `${address} is not an IP address`
  }
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed
  const normal = parsed.toString()
  if (METADATA_ADDRESSES.has(normal)) return `${normal} is a cloud metadata address`
  const range = parsed.range()
  if (range === 'unicast') return undefined
  return `${normal} is a ${RANGE_NAMES[range] ?? `special-purpose (${range})`} address`
}

/** `localhost` and its subdomains always mean this host (RFC 6761), whatever a resolver says. */
const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname)

/** A URL's hostname without the brackets of an IPv6 literal. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '')

/**
 * The check a webhook URL gets when it is saved, without asking DNS: a literal address that may not be reached, or
 * `localhost`, is refused at once (names are resolved and checked again at every delivery). `undefined`: fine.
 */
export const literalAddressProblem = (url: URL): string | undefined => {
  const host = bareHostname(url)
  if (isLocalhostName(host)) return `${host} is this host (loopback)`
  return ipaddr.isValid(host) ? forbiddenAddressReason(host) : undefined
}

export type ResolvedAddress = { address: string; family: 4 | 6 }
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>

/** Every address the system resolver gives for `hostname` (what a connection would use), IPv4 and IPv6. */
export const lookupAll: LookupAll = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))

/**
 * Resolves `hostname` and returns its addresses when a webhook may be sent there: refused (WebhookAddressError)
 * when ANY of them may not be reached (so a name cannot mix a public address with an internal one), unless
 * `allowPrivate`. The caller connects to these very addresses, so DNS answering differently a moment later
 * (rebinding) changes nothing.
 */
export const vetHost = async (hostname: string, { allowPrivate, lookup = lookupAll }: { allowPrivate: boolean; lookup?: LookupAll }): Promise<ResolvedAddress[]> => {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && isLocalhostName(host)) throw new WebhookAddressError(`refused: ${host} is this host (loopback); set WEBHOOK_ALLOW_PRIVATE=true to allow it`)
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: (ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4) as 4 | 6 }] : await lookup(host)
  if (addresses.length === 0) throw new WebhookAddressError(`${host} resolves to no address`)
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address)
      if (reason) {
        const via = address === host ? '' : ` (${host} resolves to it)`
        throw new WebhookAddressError(`refused: ${reason}${via}; set WEBHOOK_ALLOW_PRIVATE=true to allow private addresses`)
      }
    }
  }
  return addresses
}
