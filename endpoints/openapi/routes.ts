import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

import { renderApiReference } from '@scalar/client-side-rendering'
import etag from 'etag'
import { Hono } from 'hono'

import { type PreparedBody, prepareBody } from '../../lib/preparedBody'
import { sendPrepared, sendTagged } from '../http/envelope'
import type { ApiContext, ApiEnv } from '../http/requestTypes'
import { buildOpenApiDocument } from './document'
import packageJson from '../../package.json' with { type: 'json' }
import { setHeader } from '../http/responseHeaders'

/**
 * Scalar's single-file browser build, served from here so the page needs nothing from the internet. A build (the
 * server's, the package's) has it beside its modules (scripts/copy-docs-viewer.mjs): a host's bundler cannot follow
 * a package lookup made at run time. The sources find it in the installed package.
 */
const viewerScriptFile = (): string | URL =>
  process.env.BLOG_PORTFOLIO_BUILD === 'true'
    ? new URL('./scalar.js', import.meta.url)
    : path.join(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js')

/** Inlined by each build (esbuild), so that no build looks for package.json at run time. */
const PACKAGE_VERSION: string = packageJson.version

const ONE_DAY_SECONDS = 24 * 60 * 60

const VIEWER_CONTENT_TYPE = 'text/javascript; charset=utf-8'
const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8'

const PAGE_TITLE = 'Content API reference'
const VIEWER_PATH = '/api/docs/scalar.js'

const REFERENCE = {
  _integration: 'hono',
  url: '/api/openapi.json',
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
const docsPage = (c: ApiContext): Response => {
  const nonce = randomBytes(16).toString('base64')
  setHeader(c, 'Content-Security-Policy', docsPolicy(nonce))
  setHeader(c, 'X-Frame-Options', 'DENY')
  const html = Buffer.from(renderApiReference({ config: REFERENCE, pageTitle: PAGE_TITLE, cdn: VIEWER_PATH, nonce }))
  return sendTagged(c, html, etag(html, { weak: true }), PAGE_CONTENT_TYPE)
}

type TaggedFile = { bytes: Buffer<ArrayBuffer>; etag: string }

/** The viewer script, read on first request and kept (it changes only with the installed package). */
let viewerScript: Promise<TaggedFile> | undefined
const loadViewerScript = (): Promise<TaggedFile> => {
  viewerScript ??= readFile(viewerScriptFile()).then(
    (bytes) => ({ bytes, etag: etag(bytes, { weak: true }) }),
    (error: unknown) => {
      viewerScript = undefined
      throw error
    },
  )
  return viewerScript
}

/**
 * GET /openapi.json (the description of `/api`, built once on first request) and GET /docs (an interactive
 * reference of it, rendered in the browser by Scalar with its script served from /docs/scalar.js).
 */
export const openApiRoutes = (serverUrl: string | undefined): Hono<ApiEnv> => {
  let document: PreparedBody | undefined

  return new Hono<ApiEnv>()
    .get('/openapi.json', (c) => {
      document ??= prepareBody(buildOpenApiDocument({ version: PACKAGE_VERSION, serverUrl }))
      setHeader(c, 'Cache-Control', 'public, max-age=0, must-revalidate')
      return sendPrepared(c, document)
    })
    .get('/docs', docsPage)
    .get('/docs/scalar.js', async (c) => {
      const viewer = await loadViewerScript()
      setHeader(c, 'Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`)
      return sendTagged(c, viewer.bytes, viewer.etag, VIEWER_CONTENT_TYPE)
    })
}
