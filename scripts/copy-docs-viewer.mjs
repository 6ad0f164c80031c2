// Copies Scalar's single-file browser build (the /api/docs page's viewer) beside a build's modules, where
// endpoints/openapi/routes.ts reads it in a build (new URL('./scalar.js', import.meta.url)): a host's bundler cannot
// follow a package lookup made at run time, and the page needs nothing from the internet.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const DOCS_VIEWER_NAME = 'scalar.js'

export const copyDocsViewer = (outdir) => {
  const packageEntry = createRequire(import.meta.url).resolve('@scalar/api-reference')
  fs.copyFileSync(path.join(path.dirname(packageEntry), 'browser', 'standalone.js'), path.join(outdir, DOCS_VIEWER_NAME))
}
