import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

beforeAll(async () => {
  service = await bootService({ HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '2', MAX_CONNECTIONS_PER_CLIENT: '3' })
})

afterAll(async () => {
  await service?.stop()
})

/** Writes `first`, then one byte of `trickle` per 200 ms; resolves with what the server sent and when it closed. */
const slowClient = (first: string, trickle = '', localAddress = '127.0.0.1') =>
  new Promise<{ received: string; closedAfterMs: number }>((resolve, reject) => {
    const { port } = new URL(service.url)
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress })
    const started = Date.now()
    let received = ''
    let timer: NodeJS.Timeout | undefined
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.on('error', () => {}) // a write after the server closed: the answer is what counts
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ received, closedAfterMs: Date.now() - started })
    })
    socket.once('connect', () => {
      socket.write(first)
      let sent = 0
      timer = setInterval(() => {
        if (sent < trickle.length) socket.write(trickle[sent++]!)
      }, 200)
    })
    setTimeout(() => reject(new Error('the server kept the slow connection for 15 s')), 15_000).unref()
  })

describe('slow clients', () => {
  it('are answered 408 and cut off when the headers take longer than HEADERS_TIMEOUT', async () => {
    const { received, closedAfterMs } = await slowClient('GET /api/health HTTP/1.1\r\nHost: test\r\n')
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(1000)
  })

  it('are answered 408 and cut off when a body trickles in for longer than REQUEST_TIMEOUT', async () => {
    const body = JSON.stringify({ nickname: 'Slow', content: 'x'.repeat(40) })
    const head = `POST /api/wall-messages HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    const { received, closedAfterMs } = await slowClient(head, body)
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(2000)
    const wall = await service.request().get('/api/wall-messages')
    expect(wall.body.total).toBe(0)
  })
})

describe('connections per client', () => {
  it('a client holding MAX_CONNECTIONS_PER_CLIENT open connections has the next one closed as it arrives; others are not held up', async () => {
    const held = ['a', 'b', 'c'].map(() => slowClient('GET /api/health HTTP/1.1\r\nHost: test\r\n'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const turnedAway = await slowClient('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n')
    expect(turnedAway.received).toBe('')
    expect(turnedAway.closedAfterMs).toBeLessThan(900)
    // Another address on the loopback network is another client.
    const other = await slowClient('GET /api/health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n', '', '127.0.0.2')
    expect(other.received).toMatch(/^HTTP\/1\.1 200 /)
    for (const { received } of await Promise.all(held)) expect(received).toMatch(/^HTTP\/1\.1 408 /)
    const afterwards = await slowClient('GET /api/health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n')
    expect(afterwards.received).toMatch(/^HTTP\/1\.1 200 /)
  })
})
