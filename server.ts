import cluster from 'node:cluster'
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'

import { getRequestListener, type HttpBindings, RequestError } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { getPayload, type Payload } from 'payload'

import { composeConfig } from './composeConfig'
import { type BlogApi, createBlogApi } from './endpoints/app'
import { errorBody } from './endpoints/http/envelope'
import { clientAddressOf } from './lib/clientAddress'
import { malformedPathResponse } from './endpoints/http/refusalBeforeNext'
import { closeDatabase } from './lib/db/closeDatabase'
import { stopTakingJobs } from './lib/jobs/jobsRunner'
import { abortWebhookAttempts } from './lib/webhooks/send'
import { runPrimary } from './lib/cluster/primary'
import { waitForPeersToStopListening } from './lib/cluster/waitForPeers'
import { namingWorker } from './lib/cluster/workerPidHeader'
import { createCmsApi } from './lib/cmsApi'
import { exitOnStartError } from './lib/configError'
import { selectDatabase } from './lib/databaseSelection'
import type { ServiceEnv } from './lib/env'
import { lastErrorResponse } from './lib/lastErrorResponse'
import { payloadErrorBody } from './lib/payloadErrorBody'
import { projectRoot } from './lib/projectRoot'
import { fetchAdminRedirectsFrom } from './lib/adminRedirectOrigin'
import { serverActionRefusal } from './lib/adminServerActions'
import { adminUiOutageResponse } from './lib/adminUiOutage'
import { closingConnections, drain, listen as listenOn } from './lib/httpServer'
import { warmAdminUi, warmGraphql } from './lib/warmUp'

/** Listens, and has the admin UI's redirects fetched from this server (lib/adminRedirectOrigin.ts). */
export const listen = async (...args: Parameters<typeof listenOn>): Promise<Server> => {
  const server = await listenOn(...args)
  fetchAdminRedirectsFrom(server)
  return server
}

/** How long a keep-alive connection idle at the start of a shutdown may still send a request. */
const IDLE_GRACE_MS = 1000

export type Service = {
  /** The `/api` contract (`api.fetch`: Request -> Response). */
  api: BlogApi
  /** What the HTTP server runs: `/api`, `/cms-api` and the admin UI, each answered by its own handler. */
  handler: RequestListener
  payload: Payload
  /** From now on: health answers 503, every answer closes its connection, and no new job starts. */
  startDraining: () => void
  /** Stops running jobs, closes the admin UI handler (if any) and the database. */
  close: () => Promise<void>
}

type AdminUi = { handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>; close: () => Promise<void> }

/** The admin UI: Next's request handler over the production build in `.next`. */
const loadAdminUi = async (): Promise<AdminUi> => {
  const { default: next } = await import('next')
  const nextApp = next({ dev: false, dir: projectRoot, quiet: false })
  await nextApp.prepare()
  const handle = nextApp.getRequestHandler()
  return { handle: (req, res) => handle(req, res), close: () => nextApp.close() }
}

const BAD_REQUEST_MESSAGE = 'The request’s address or Host header is not valid'

/** The answers a listener makes of its own errors (a request no Web Request can be made of, a failure). */
const withNosniff = (response: Response): Response => {
  response.headers.set('X-Content-Type-Options', 'nosniff')
  return response
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/**
 * The path of a URL @hono/node-server made: its own string when every character is plain and there are no dot
 * segments, else WHATWG's `href`, so it needs no parsing again (`new URL` was 3 % of a cached read's CPU).
 */
const pathOf = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.slice(start).search(/[?#]/)
  return end === -1 ? url.slice(start) : url.slice(start, start + end)
}

/**
 * Builds the whole process's request handling: `/api`, `/cms-api`, and (when `env.admin`) the admin UI.
 * One service per process: Payload caches its instance process-wide, and `/cms-api`, GraphQL and the admin UI
 * all look it up there.
 */
export const createService = async (env: ServiceEnv): Promise<Service> => {
  const database = selectDatabase(env.databaseUrl, env.dataDir).kind
  const config = await composeConfig(env)
  // `cron: true`: this process serves requests, so the plugin runs the jobs queue here (lib/servingProcess.ts).
  const payload = await getPayload({ config, cron: true })

  // `connections` exists by the time a request asks: health answers 503 while the service drains.
  const api = createBlogApi({ payload, env, database, isDraining: () => connections.isDraining() })
  const cmsApi = createCmsApi(config)
  let adminUi: AdminUi | undefined
  if (env.admin) {
    // Next's router sets NODE_ENV=production and evaluates its own copy of payload.config.ts, which then needs
    // the secret this process already resolved (in development it lives in the data folder).
    process.env.PAYLOAD_SECRET = config.secret
    adminUi = await loadAdminUi()
  }

  /** `/cms-api` and the admin UI (everything outside `/api`). */
  const answerOtherDoors = async (request: Request, bindings: HttpBindings, path: string): Promise<Response> => {
    // Every other door's answer: media files, the admin UI, 404s and errors included (the /api app sends its own;
    // set ahead there, it would send Node's writeHead down its slower merging path on every answer).
    bindings.outgoing.setHeader('X-Content-Type-Options', 'nosniff')
    // A path that is not valid percent-encoding is a 400 on every door, in the door's own error shape.
    const malformed = malformedPathResponse(request.url)
    if (malformed) return malformed
    if (isUnder(path, config.routes.api)) return cmsApi(request, clientAddressOf(request.headers, bindings.incoming.socket.remoteAddress, env.trustProxy))
    if (!adminUi) return Response.json(payloadErrorBody('Not Found'), { status: 404 })
    const outage = await adminUiOutageResponse(payload, path, request.headers.get('cookie'))
    if (outage) return outage
    const refusal = await serverActionRefusal(payload, request)
    if (refusal) return refusal
    await adminUi.handle(bindings.incoming, bindings.outgoing)
    return RESPONSE_ALREADY_SENT
  }
  /**
   * The three doors by prefix: `/api`, Payload's `/cms-api`, and the admin UI for everything else. Not async: an
   * `/api` answer made in the same turn (a cached read) goes to @hono/node-server as it is, which writes it without
   * a promise or a `close` listener of its own.
   */
  const answer = (request: Request, bindings: HttpBindings): Response | Promise<Response> => {
    const path = pathOf(request.url)
    return isUnder(path, '/api') ? api.fetch(request, bindings) : answerOtherDoors(request, bindings, path)
  }
  const lastError = lastErrorResponse(payload.logger)
  // A request no Web Request can be made of (a Host header with a space, say) is the client's mistake: a 400, in
  // the door's own error shape.
  const listenerAnswering = (badRequest: () => Response) =>
    getRequestListener((request, bindings) => answer(request, bindings as HttpBindings), {
      errorHandler: (error) => withNosniff(error instanceof RequestError ? badRequest() : lastError(error)),
    })
  const apiListener = listenerAnswering(() => Response.json(errorBody('VALIDATION_ERROR', BAD_REQUEST_MESSAGE), { status: 400 }))
  const otherListener = listenerAnswering(() => Response.json(payloadErrorBody(BAD_REQUEST_MESSAGE), { status: 400 }))

  const connections = closingConnections((req, res) => {
    // The door is decided on the normalised path in `answer`; this only picks the error shape of a request no Web
    // Request can be made of.
    void (isUnder((req.url ?? '').split('?', 1)[0] ?? '', '/api') ? apiListener : otherListener)(req, res)
  })
  if (adminUi) {
    const milliseconds = await warmAdminUi(connections.handler, config.routes.admin)
    payload.logger.info(`Admin UI rendered once before listening, in ${Math.round(milliseconds)} ms`)
  }
  // In production, where strangers may send the first query; development and test starts (many per test run) skip it.
  if (env.nodeEnv === 'production') {
    const milliseconds = await warmGraphql(cmsApi, `${config.routes.api}${config.routes.graphQL}`)
    payload.logger.info(`GraphQL schema built before listening, in ${Math.round(milliseconds)} ms`)
  }

  return {
    api,
    handler: namingWorker(connections.handler),
    payload,
    startDraining: () => {
      connections.startDraining()
      // A process on its way out takes no new job: what falls due now runs in the next process to start.
      void stopTakingJobs().catch(() => {}) // close() awaits the same promise and reports a failure
    },
    close: async () => {
      // A webhook attempt waiting on a slow receiver would hold the runner's turn for up to 10 s: it is cut (and
      // retried after the restart) instead.
      abortWebhookAttempts()
      await stopTakingJobs()
      await adminUi?.close()
      await closeDatabase(payload)
    },
  }
}

/**
 * Stops listening, then answers what was already asked (each answer closing its connection), then closes the
 * database. A cluster worker starts closing connections only once no worker listens any more (lib/cluster).
 */
const shutdown = async (server: Server, service: Service, timeoutMs: number): Promise<void> => {
  await drain(server, { idleGraceMs: IDLE_GRACE_MS, timeoutMs }, async () => {
    await waitForPeersToStopListening()
    service.startDraining()
  })
  await service.close()
}

/**
 * Starts the service from the settings `main.ts` read and stops it cleanly on SIGTERM/SIGINT. With WORKERS above 1
 * this process becomes the cluster primary (lib/cluster/primary.ts), and each worker it forks runs this again.
 */
export const runServer = async (env: ServiceEnv): Promise<void> => {
  try {
    if (env.workers > 1 && cluster.isPrimary) runPrimary({ workers: env.workers, shutdownTimeoutMs: env.shutdownTimeoutMs, logLevel: env.logLevel })
    else await startFromEnv(env)
  } catch (error) {
    exitOnStartError(error)
  }
}

const startFromEnv = async (env: ServiceEnv) => {
  const service = await createService(env)
  const server = await listen(service.handler, env.port, env.host, env)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.port
  const base = env.serverUrl ?? `http://localhost:${port}`
  service.payload.logger.info(
    `Listening on ${base}: public API ${base}/api, Payload API ${base}/cms-api` +
      (env.admin ? `, admin UI ${base}/admin` : ' (admin UI off)'),
  )

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    service.payload.logger.info(`${signal} received: answering the requests already sent, then stopping`)
    shutdown(server, service, env.shutdownTimeoutMs)
      .then(() => process.exit(0))
      .catch((error) => {
        service.payload.logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
