import type { Server } from 'node:http'
import net from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { closingConnections, drain, listen } from '../../lib/httpServer'

type RawConnection = { socket: net.Socket; received: () => string; closed: Promise<void> }

/** A raw keep-alive connection, so the test decides exactly when each request is written. */
const connect = (port: number): Promise<RawConnection> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString()))
    const closed = new Promise<void>((done) => socket.on('close', () => done()))
    socket.once('error', reject)
    socket.once('connect', () => resolve({ socket, received: () => received, closed }))
  })

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const servers: Server[] = []

afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

/** `/slow/<ms>` is answered after that many milliseconds, anything else at once. */
const startServer = async () => {
  const connections = closingConnections((req, res) => {
    const delay = Number(/^\/slow\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0)
    setTimeout(() => res.end(`answer to ${req.url}`), delay)
  })
  const server = await listen(connections.handler, 0, '127.0.0.1')
  servers.push(server)
  return { server, port: (server.address() as net.AddressInfo).port, startDraining: connections.startDraining }
}

/** Drains, and expects `connection`'s request for `path` answered with `Connection: close`, then the connection closed. */
const drainExpectingClose = async (server: Server, startDraining: () => void, connection: RawConnection, path: string) => {
  startDraining()
  const drained = drain(server, { idleGraceMs: 100, timeoutMs: 5000 })
  // Told by its answer that the connection ends, the client sends nothing more on it; the server closes it.
  await connection.closed
  expect(connection.received()).toContain(`answer to ${path}`)
  expect(connection.received()).toMatch(/Connection: close/i)
  await drained
}

describe('drain', () => {
  it('answers a request sent on an idle keep-alive connection after the drain began, with Connection: close', async () => {
    const { server, port, startDraining } = await startServer()
    const connection = await connect(port)
    connection.socket.write(request('/first'))
    await until(() => connection.received().includes('answer to /first'))
    expect(connection.received()).toMatch(/Connection: keep-alive/i)

    startDraining()
    const drained = drain(server, { idleGraceMs: 500, timeoutMs: 5000 })
    // The connection is idle now; Node's own server.close() would cut it at once.
    connection.socket.write(request('/second'))
    await connection.closed
    expect(connection.received()).toContain('answer to /second')
    expect(connection.received().split('answer to /second')[0]).toMatch(/Connection: close/i)
    await drained
  })

  it('answers a request that arrived before the drain but is answered after it with Connection: close', async () => {
    const { server, port, startDraining } = await startServer()
    const connection = await connect(port)
    connection.socket.write(request('/slow/300'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    await drainExpectingClose(server, startDraining, connection, '/slow/300')
  })

  it('still closes with its answer a request waiting through sweeps of thousands answered meanwhile', async () => {
    const { server, port, startDraining } = await startServer()
    const waiting = await connect(port)
    waiting.socket.write(request('/slow/1500'))
    // Enough answered requests on another connection for the list of begun responses to be swept several times.
    const busy = await connect(port)
    const answered = 400
    busy.socket.write(Array.from({ length: answered }, (_, index) => request(`/quick/${index}`)).join(''))
    await until(() => busy.received().split('answer to /quick/').length - 1 === answered)
    await drainExpectingClose(server, startDraining, waiting, '/slow/1500')
  })

  it('stops accepting connections at once', async () => {
    const { server, port, startDraining } = await startServer()
    const open = await connect(port)
    startDraining()
    const drained = drain(server, { idleGraceMs: 200, timeoutMs: 5000 })
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    await open.closed // idle past the grace: closed by the server
    await drained
  })

  it('closes a connection still busy at the deadline', async () => {
    const { server, port } = await startServer()
    const slow = await connect(port)
    slow.socket.write('GET /never-finished HTTP/1.1\r\nHost: test\r\n') // headers never end
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    await drain(server, { idleGraceMs: 100, timeoutMs: 300 })
    await slow.closed
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })
})
