// The ceiling: bare node:http answering recorded bodies from memory, with nothing else to do. Run as its own process
// (processes.ts sends the bodies over IPC and is told the ports). Two variants per path: `/buffer/<path>` writes a
// Buffer serialised once; `/stringify/<path>` runs JSON.stringify on every request. Beside it, the floor of the
// framework the service is built on: a bare Hono app on @hono/node-server sending the same Buffer.
import http from 'node:http'

import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'

const TYPE = 'application/json; charset=utf-8'

const bare = (bodies: Record<string, string>) => {
  const buffers = new Map(Object.entries(bodies).map(([path, body]) => [`/buffer${path}`, Buffer.from(body)]))
  const values = new Map(Object.entries(bodies).map(([path, body]) => [`/stringify${path}`, JSON.parse(body) as unknown]))
  return http.createServer((req, res) => {
    const url = req.url ?? ''
    const body = buffers.get(url) ?? (values.has(url) ? JSON.stringify(values.get(url)) : undefined)
    if (body === undefined) return res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': TYPE, 'Content-Length': Buffer.byteLength(body) })
    res.end(body)
  })
}

const withHono = (bodies: Record<string, string>) => {
  const app = new Hono()
  for (const [path, body] of Object.entries(bodies)) {
    const buffer = Buffer.from(body)
    app.get(`/buffer${path}`, (c) => c.body(buffer, 200, { 'Content-Type': TYPE }))
  }
  return http.createServer(getRequestListener(app.fetch))
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)))

process.once('message', async (bodies) => {
  const servers = [bare(bodies as Record<string, string>), withHono(bodies as Record<string, string>)]
  const [port, honoPort] = await Promise.all(servers.map(listen))
  process.send!({ port, honoPort })
  const stop = () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
})
