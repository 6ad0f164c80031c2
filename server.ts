import { createServer, type RequestListener, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import express, { type Express, type RequestHandler } from 'express'
import { getPayload, type Payload } from 'payload'

import { composeConfig } from './composeConfig'
import { cachedResponder } from './endpoints/http/cachedResponses'
import { createApiRouter } from './endpoints/router'
import { closeDatabase } from './lib/closeDatabase'
import { createCmsApiHandler } from './lib/cmsApi'
import { ConfigError } from './lib/configError'
import { selectDatabase } from './lib/databaseSelection'
import { readEnv, type ServiceEnv } from './lib/env'

const rootDir = path.dirname(fileURLToPath(import.meta.url))
const SHUTDOWN_GRACE_MS = 8000

export type Service = {
  app: Express
  /** What the HTTP server runs: cached anonymous reads answered first, everything else through `app`. */
  handler: RequestListener
  payload: Payload
  /** Closes the admin UI handler (if any) and the database. */
  close: () => Promise<void>
}

type AdminUi = { handler: RequestHandler; close: () => Promise<void> }

/** The admin UI: Next's request handler over the production build in `.next`. */
const loadAdminUi = async (): Promise<AdminUi> => {
  const { default: next } = await import('next')
  const nextApp = next({ dev: false, dir: rootDir, quiet: false })
  await nextApp.prepare()
  const handle = nextApp.getRequestHandler()
  return { handler: (req, res) => handle(req, res), close: () => nextApp.close() }
}

/**
 * Builds the whole process's request handling: `/api`, `/cms-api`, and (when `env.admin`) the admin UI.
 * One service per process: Payload caches its instance process-wide, and `/cms-api`, GraphQL and the admin UI
 * all look it up there.
 */
export const createService = async (env: ServiceEnv): Promise<Service> => {
  const database = selectDatabase(env.databaseUrl, env.dataDir).kind
  const config = await composeConfig(env)
  const payload = await getPayload({ config })

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.trustProxy)

  app.use('/api', createApiRouter({ database, env, payload }))

  const cmsApi = createCmsApiHandler(config)
  app.all([config.routes.api, `${config.routes.api}/{*splat}`], (req, res, next) => {
    cmsApi(req, res, `${req.protocol}://${req.get('host') ?? 'localhost'}`, req.originalUrl).catch(next)
  })

  let adminUi: AdminUi | undefined
  if (env.admin) {
    // Next's router sets NODE_ENV=production and evaluates its own copy of payload.config.ts, which then needs
    // the secret this process already resolved (in development it lives in the data folder).
    process.env.PAYLOAD_SECRET = config.secret
    adminUi = await loadAdminUi()
    app.all('/{*splat}', adminUi.handler)
  }

  const fromCache = cachedResponder('/api/', env.corsOrigins)
  const handler: RequestListener = (req, res) => {
    if (!fromCache(req, res)) app(req, res)
  }

  return {
    app,
    handler,
    payload,
    close: async () => {
      await adminUi?.close()
      await closeDatabase(payload)
    },
  }
}

export const listen = (handler: RequestListener, port: number, host: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer(handler)
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })

/** Stops taking connections, lets in-flight requests finish (up to the grace period), then closes the database. */
const shutdown = async (server: Server, service: Service): Promise<void> => {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
  await closed
  clearTimeout(timer)
  await service.close()
}

/** Starts the service from the process environment and stops it cleanly on SIGTERM/SIGINT. */
export const runServer = async (): Promise<void> => {
  try {
    await startFromEnv()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
    } else {
      process.stderr.write(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    }
    process.exit(1)
  }
}

const startFromEnv = async () => {
  const env = readEnv(process.env)
  const service = await createService(env)
  const server = await listen(service.handler, env.port, env.host)
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
    service.payload.logger.info(`${signal} received: finishing in-flight requests, then stopping`)
    shutdown(server, service)
      .then(() => process.exit(0))
      .catch((error) => {
        service.payload.logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href

if (isEntryPoint) await runServer()
