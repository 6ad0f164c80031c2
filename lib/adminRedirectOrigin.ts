import type { Server } from 'node:net'

/**
 * Where Next fetches the page an admin UI action redirects to, forwarding the caller's cookies: this server, by its
 * own address. Left unset, Next asks http://localhost:3000, whatever listens there, with the staff member's session.
 * Next reads the variable (`__NEXT_PRIVATE_ORIGIN`, its only setting for this) on every redirect.
 */
export const fetchAdminRedirectsFrom = (server: Server): void => {
  const address = server.address()
  if (address === null || typeof address === 'string') return
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address
  process.env.__NEXT_PRIVATE_ORIGIN = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}
