import type { IncomingMessage } from 'node:http'

/**
 * The client's address as Express's `req.ip` gives it under a boolean `trust proxy` (TRUST_PROXY), for the answers
 * written before Express: with trust, the leftmost `X-Forwarded-For` entry (proxy-addr trusts every hop, so the
 * furthest one wins), else the socket's peer.
 */
export const clientAddressOf = (req: IncomingMessage, trustProxy: boolean): string => {
  const peer = req.socket.remoteAddress ?? 'unknown'
  if (!trustProxy) return peer
  const header = [req.headers['x-forwarded-for'] ?? []].flat().join(',')
  // As the `forwarded` package parses it: comma-separated, spaces around each entry dropped, empty entries skipped.
  const first = header
    .split(',')
    .map((entry) => entry.replace(/^ +| +$/g, ''))
    .find((entry) => entry !== '')
  return first ?? peer
}
