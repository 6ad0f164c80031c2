import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedCall = { at: number; path: string; headers: IncomingHttpHeaders; body: string }

/** What the receiver does with a call: answer with a status (and headers), or never answer. */
export type Reply = number | 'hang' | { status: number; headers?: Record<string, string>; body?: string }
export type Responder = (call: ReceivedCall, index: number) => Reply

export type Receiver = {
  /** `http://127.0.0.1:<port>` plus `path`. */
  url: (path?: string) => string
  calls: ReceivedCall[]
  /** Calls whose path is `path`. */
  callsTo: (path: string) => ReceivedCall[]
  respond: (responder: Responder) => void
  stop: () => Promise<void>
}

/**
 * A real webhook receiver for tests: a node:http server on 127.0.0.1, a random port, that records every call
 * (headers and raw body) and answers as the current responder says (200 by default). `stop` drops hanging calls.
 */
export const startReceiver = async (responder: Responder = () => 200): Promise<Receiver> => {
  const calls: ReceivedCall[] = []
  let current = responder
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const call: ReceivedCall = { at: Date.now(), path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      calls.push(call)
      const reply = current(call, calls.length - 1)
      if (reply === 'hang') return
      const { status, headers, body } = typeof reply === 'number' ? { status: reply, headers: {}, body: '' } : reply
      res.writeHead(status, headers)
      res.end(body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    calls,
    callsTo: (path) => calls.filter((call) => call.path === path),
    respond: (next) => {
      current = next
    },
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
