import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http'
import net from 'node:net'

import { capConnectionsPerClient } from './connectionsPerClient'

export type ServerLimits = {
  headersTimeoutMs: number
  requestTimeoutMs: number
  maxConnections: number
  /** Open connections one client (an IPv4 address, an IPv6 /64) may hold (lib/connectionsPerClient.ts); undefined: no cap. */
  maxConnectionsPerClient?: number
}

/** Node's own defaults are sized for anything (headers 60 s, a whole request 300 s); an API needs less. */
export const DEFAULT_LIMITS: ServerLimits = { headersTimeoutMs: 15_000, requestTimeoutMs: 60_000, maxConnections: 1000 }

/** How often Node checks the two timeouts above (its default, 30 s, would let a 15 s limit run to 45 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000

export const listen = (handler: RequestListener, port: number, host: string, limits: ServerLimits = DEFAULT_LIMITS): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer(
      {
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
      },
      handler,
    )
    server.maxConnections = limits.maxConnections
    if (limits.maxConnectionsPerClient !== undefined) capConnectionsPerClient(server, limits.maxConnectionsPerClient)
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })

/**
 * Responses begun between two sweeps of those already answered (at least; twice those still waiting). Kept small: a
 * response held past a young-generation collection is promoted, and with 1,024 the old generation filled with them
 * (major collections, a cached read's p99 at 50 connections 8 -> 18 ms).
 */
const SWEEP_EVERY = 64

export type ClosingConnections = {
  handler: RequestListener
  isDraining: () => boolean
  /** From now on every answer not yet begun carries `Connection: close`, those already being worked on included. */
  startDraining: () => void
}

/**
 * While a server drains, every answer carries `Connection: close`, so a keep-alive client learns from the answer
 * itself that the connection ends, and the socket closes once the answer is sent. That includes answers to requests
 * that arrived before the drain: answered keep-alive, their connection would look idle to the drain's sweeps while
 * the client's next request is still unread, and be cut under it.
 */
export const closingConnections = (handler: RequestListener): ClosingConnections => {
  let draining = false
  // Every response begun, its headers perhaps not yet sent. Those sent, and those whose client left before its
  // answer, are swept out now and then rather than each removed by a listener of its own (a listener per response
  // was 2 % of a cached read's CPU).
  let begun: ServerResponse[] = []
  let sweepAt = SWEEP_EVERY
  return {
    handler: (req, res) => {
      if (draining) res.setHeader('Connection', 'close')
      else {
        if (begun.length >= sweepAt) {
          begun = begun.filter((earlier) => !earlier.headersSent && !earlier.destroyed)
          sweepAt = Math.max(SWEEP_EVERY, 2 * begun.length)
        }
        begun.push(res)
      }
      handler(req, res)
    },
    isDraining: () => draining,
    startDraining: () => {
      draining = true
      for (const res of begun) if (!res.headersSent) res.setHeader('Connection', 'close')
      begun = []
    },
  }
}

export type DrainTimings = {
  /** How long a connection that is idle when the drain starts may still send a request (answered, then closed). */
  idleGraceMs: number
  /** When the connections still open are closed, answered or not. */
  timeoutMs: number
}

/**
 * Stops accepting connections and resolves once every open one has closed. Idle keep-alive connections are not
 * cut at once, as `server.close()` does in Node 19+: a request already on its way on one of them would meet a
 * reset. They get `idleGraceMs` to send it (it is answered with `Connection: close`), then the ones still idle are
 * closed, again every `idleGraceMs`; at `timeoutMs` every connection is closed.
 *
 * `afterListenerClosed` runs once the server no longer listens and before the sweeps start: a cluster worker
 * waits there until every worker has stopped listening (the port is then closed), so no client is told to
 * reconnect while the port still takes connections that nobody would serve.
 */
export const drain = (
  server: Server,
  { idleGraceMs, timeoutMs }: DrainTimings,
  afterListenerClosed: () => Promise<void> | void = () => {},
): Promise<void> =>
  new Promise((resolve) => {
    let drained = false
    let sweep: NodeJS.Timeout | undefined
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs)
    // net.Server's close: stop listening, call back when the last connection has closed (http.Server's would
    // first close the idle ones at once).
    net.Server.prototype.close.call(server, () => {
      drained = true
      clearInterval(sweep)
      clearTimeout(deadline)
      resolve()
    })
    void Promise.resolve()
      .then(afterListenerClosed)
      .catch(() => {})
      .then(() => {
        if (!drained) sweep = setInterval(() => server.closeIdleConnections(), idleGraceMs)
      })
  })
