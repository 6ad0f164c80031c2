import net from 'node:net'

/** The eight groups of an IPv6 address, `::` expanded (a zone such as `%eth0` dropped). */
const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.split('%', 1)[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right]
}

/**
 * What one client holds of the address space: an IPv4 address (an IPv4-mapped IPv6 one read as IPv4), or an IPv6
 * /64, the least one home or server is given, so that one client cannot take a new address for each connection.
 */
export const clientNetworkOf = (address: string | undefined): string => {
  if (!address) return 'unknown'
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address
  if (net.isIPv4(mapped)) return mapped
  if (!net.isIPv6(address)) return address
  const network = ipv6Groups(address).slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16))
  return `${network.join(':')}::/64`
}

/**
 * Closes, as it arrives, a connection from a client network that already holds `max` open ones (Node's
 * `maxConnections` does the same overall). Without it one client held all 1,000 connections with requests whose
 * headers never ended, each for HEADERS_TIMEOUT, and every other client was turned away.
 */
export const capConnectionsPerClient = (server: net.Server, max: number): void => {
  const open = new Map<string, number>()
  server.on('connection', (socket: net.Socket) => {
    const network = clientNetworkOf(socket.remoteAddress)
    const count = (open.get(network) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(network, count)
    socket.once('close', () => {
      const left = (open.get(network) ?? 1) - 1
      if (left === 0) open.delete(network)
      else open.set(network, left)
    })
  })
}
