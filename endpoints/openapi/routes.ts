import { createRequire } from 'node:module'
import path from 'node:path'

import { apiReference } from '@scalar/express-api-reference'
import { Router } from 'express'

import { projectRoot } from '../../lib/projectRoot'
import { type PreparedBody, prepareBody, sendPrepared } from '../http/envelope'
import { buildOpenApiDocument } from './document'

const require = createRequire(import.meta.url)

/** Scalar's single-file browser build, served from here so the page needs nothing from the internet. */
const VIEWER_SCRIPT = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js')
const PACKAGE_VERSION: string = (require(path.join(projectRoot, 'package.json')) as { version: string }).version

const ONE_DAY_SECONDS = 24 * 60 * 60

/**
 * GET /openapi.json (the description of `/api`, built once on first request) and GET /docs (an interactive
 * reference of it, rendered in the browser by Scalar with its script served from /docs/scalar.js).
 */
export const openApiRoutes = (serverUrl: string | undefined): Router => {
  const router = Router()
  let document: PreparedBody | undefined

  router.get('/openapi.json', (_req, res) => {
    document ??= prepareBody(buildOpenApiDocument({ version: PACKAGE_VERSION, serverUrl }))
    res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
    sendPrepared(res, document)
  })

  router.get(
    '/docs',
    apiReference({
      url: '/api/openapi.json',
      cdn: '/api/docs/scalar.js',
      pageTitle: 'Content API reference',
      // Nothing that reaches Scalar's own services: fonts, telemetry, the AI agent, MCP, the hosted tools.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
    }),
  )

  router.get('/docs/scalar.js', (_req, res) => {
    res.sendFile(VIEWER_SCRIPT, { maxAge: ONE_DAY_SECONDS * 1000, headers: { 'Content-Type': 'text/javascript; charset=utf-8' } })
  })

  return router
}
