// The ceiling: bare node:http answering recorded bodies from memory, with nothing else to do. Run as its own process
// by ceiling.ts, which sends the bodies over IPC and is told the ports. Two variants per path:
// `/buffer/<path>` writes a Buffer serialised once; `/stringify/<path>` runs JSON.stringify on every request.
// Beside it, for reference, the floor of the framework the service is built on: a bare Express app with one route
// per body, sending the same Buffer with `res.send` (Express adds its ETag and freshness check, as for the service).
import http from 'node:http'

import express from 'express'

export type CeilingBodies = Record<string, string>

const HEADERS = { 'Content-Type': 'application/json; charset=utf-8' }

const serve = (bodies: CeilingBodies): http.Server => {
  const buffers = new Map(Object.entries(bodies).map(([path, body]) => [`/buffer${path}`, Buffer.from(body)]))
  const values = new Map(Object.entries(bodies).map(([path, body]) => [`/stringify${path}`, JSON.parse(body) as unknown]))
  return http.createServer((req, res) => {
    const buffer = buffers.get(req.url ?? '')
    if (buffer) {
      res.writeHead(200, { ...HEADERS, 'Content-Length': buffer.length })
      res.end(buffer)
      return
    }
    if (values.has(req.url ?? '')) {
      const text = JSON.stringify(values.get(req.url ?? ''))
      res.writeHead(200, { ...HEADERS, 'Content-Length': Buffer.byteLength(text) })
      res.end(text)
      return
    }
    res.writeHead(404).end()
  })
}

const serveWithExpress = (bodies: CeilingBodies) => {
  const app = express()
  app.disable('x-powered-by')
  for (const [path, body] of Object.entries(bodies)) {
    const buffer = Buffer.from(body)
    app.get(`/buffer${path}`, (_req, res) => {
      res.setHeader('Content-Type', HEADERS['Content-Type'])
      res.send(buffer)
    })
  }
  return http.createServer(app)
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)))

process.once('message', async (bodies) => {
  const servers = [serve(bodies as CeilingBodies), serveWithExpress(bodies as CeilingBodies)]
  const [port, expressPort] = await Promise.all(servers.map(listen))
  process.send!({ port, expressPort })
  const stop = () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
})
