import type net from 'node:net'

import { rateLimitKeyOf } from './rateLimitKey'

/**
 * Closes, as it arrives, a connection from a client that already holds `max` open ones (Node's `maxConnections` does
 * the same overall); a client is counted as the rate limits count it, an IPv6 one by its /64. Without it one client
 * held all 1,000 connections with requests whose headers never ended, each for HEADERS_TIMEOUT, and every other
 * client was turned away.
 */
export const capConnectionsPerClient = (server: net.Server, max: number): void => {
  const open = new Map<string, number>()
  server.on('connection', (socket: net.Socket) => {
    const client = rateLimitKeyOf(socket.remoteAddress ?? 'unknown')
    const count = (open.get(client) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(client, count)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left === 0) open.delete(client)
      else open.set(client, left)
    })
  })
}
