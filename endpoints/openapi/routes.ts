import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'

import { apiReference } from '@scalar/express-api-reference'
import { type RequestHandler, Router } from 'express'

import { projectRoot } from '../../lib/projectRoot'
import { type PreparedBody, prepareBody, sendPrepared } from '../http/envelope'
import { buildOpenApiDocument } from './document'

const require = createRequire(import.meta.url)

/** Scalar's single-file browser build, served from here so the page needs nothing from the internet. */
const VIEWER_SCRIPT = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js')
const PACKAGE_VERSION: string = (require(path.join(projectRoot, 'package.json')) as { version: string }).version

const ONE_DAY_SECONDS = 24 * 60 * 60

const REFERENCE = {
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
} as const

/**
 * What the reference page may load: its two scripts (the viewer from here, and the inline call that starts it,
 * allowed by a nonce fresh for each answer), the styles the viewer injects and sets on elements (inline, which a
 * nonce cannot cover), images and fonts from here or inlined, and requests to this origin (the description, and
 * the examples it sends). It may not be framed. No eval: the viewer's schema library only tests whether it may.
 */
const docsPolicy = (nonce: string): string =>
  [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')

/** The reference page, its inline script allowed by a nonce of its own. */
const docsPage: RequestHandler<never, string> = (req, res, next) => {
  const nonce = randomBytes(16).toString('base64')
  res.setHeader('Content-Security-Policy', docsPolicy(nonce))
  res.setHeader('X-Frame-Options', 'DENY')
  apiReference({ ...REFERENCE, nonce })(req, res, next)
}

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

  router.get('/docs', docsPage)

  router.get('/docs/scalar.js', (_req, res) => {
    res.sendFile(VIEWER_SCRIPT, { maxAge: ONE_DAY_SECONDS * 1000, headers: { 'Content-Type': 'text/javascript; charset=utf-8' } })
  })

  return router
}
