import ipaddr from 'ipaddr.js'

/**
 * The key a per-IP limit counts a client under: an IPv4 address as it is, an IPv6 client by its /64 prefix (one
 * subscriber is usually handed a whole /64, so counting each address would give it 2^64 budgets). An IPv4 address
 * mapped into IPv6 (`::ffff:a.b.c.d`, as a dual-stack socket reports it) counts as that IPv4 address. Anything that
 * is not an address (`unknown`) is kept as it is.
 */
export const rateLimitKeyOf = (ip: string): string => {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return ip
  const parsed = ipaddr.parse(bare)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const v6 = parsed as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  const [a, b, c, d] = v6.parts
  return `${[a, b, c, d].map((part) => part.toString(16)).join(':')}::/64`
}
