import http from 'node:http'

export type LoadRequest = { method: 'GET' | 'POST'; path: string; body?: unknown }

export type LoadResult = {
  /** Answers by status. */
  statuses: Record<number, number>
  /** Answers per request description (`POST /api/wall-messages 201`). */
  answered: Map<string, number>
  /** Requests written to an open connection that got no answer (reset, or closed without a reply). */
  unanswered: { error: string; request: string; at: number; reused: boolean; sent: boolean }[]
  /** Connections refused (the server stopped listening): nothing was sent on them. */
  refused: number
  /** Answers that carried `Connection: close`. */
  closingAnswers: number
  /** Connections opened in all. */
  connectionsOpened: number
}

type LoadOptions = {
  url: string
  connections: number
  /** Request `n` of a connection (both counted from 0). */
  request: (connection: number, n: number) => LoadRequest
  /** The load stops once this resolves (each connection finishes its request in flight). */
  until: Promise<unknown>
  /**
   * Called once every connection has had an answer, so all of them have been accepted: a busy Node server
   * accepts about one new connection per event-loop turn, and the rest wait in the kernel's queue meanwhile.
   */
  onEveryConnectionAnswered?: () => void
}

const describe = (request: LoadRequest) => `${request.method} ${request.path}`

/**
 * Keeps `connections` keep-alive connections busy, one request at a time each, as a browser or a proxy's upstream
 * pool would, and records what happens to every request: answered, refused before it was sent, or lost after it was
 * sent. A connection the server closes is reopened.
 */
export const runKeepAliveLoad = async ({ url, connections, request, until, onEveryConnectionAnswered }: LoadOptions): Promise<LoadResult> => {
  const { hostname, port } = new URL(url)
  const result: LoadResult = { statuses: {}, answered: new Map(), unanswered: [], refused: 0, closingAnswers: 0, connectionsOpened: 0 }
  let stopping = false
  void until.then(() => {
    stopping = true
  })

  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  const sockets = new WeakSet<object>()

  /** Resolves false when the connection was refused. */
  const send = (spec: LoadRequest) =>
    new Promise<boolean>((resolve) => {
      const body = spec.body === undefined ? undefined : JSON.stringify(spec.body)
      let sent = false
      let reused = false
      const req = http.request(
        {
          agent,
          host: hostname,
          port: Number(port),
          method: spec.method,
          path: spec.path,
          headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {},
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            const status = res.statusCode ?? 0
            result.statuses[status] = (result.statuses[status] ?? 0) + 1
            const key = `${describe(spec)} ${status}`
            result.answered.set(key, (result.answered.get(key) ?? 0) + 1)
            if (res.headers.connection === 'close') result.closingAnswers += 1
            resolve(true)
          })
        },
      )
      req.on('socket', (socket) => {
        if (!sockets.has(socket)) {
          sockets.add(socket)
          result.connectionsOpened += 1
        }
        const markSent = () => {
          sent = true
        }
        if (socket.connecting) socket.once('connect', markSent)
        else {
          reused = true
          markSent()
        }
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        const refused = !sent && error.code === 'ECONNREFUSED'
        if (refused) result.refused += 1
        else result.unanswered.push({ error: error.code ?? error.message, request: describe(spec), at: Date.now(), reused, sent })
        resolve(!refused)
      })
      req.end(body)
    })

  let answeredConnections = 0
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let n = 0; !stopping; n += 1) {
        if (n === 1 && ++answeredConnections === connections) onEveryConnectionAnswered?.()
        // Refused: the server no longer listens; this connection's work is over.
        if (!(await send(request(connection, n)))) return
      }
    }),
  )
  agent.destroy()
  return result
}
