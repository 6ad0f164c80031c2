// Compiles the server (server.ts and everything it imports from this project) into one ES module, dist/server.mjs,
// and its threads into dist/searchThread.mjs and dist/sqliteReadWorker.mjs, that plain `node` runs: no TypeScript compiler in the running
// service. Packages stay imports of node_modules; the docs page's viewer is copied to dist/scalar.js.
// Run by `npm start` before every start (about a second); `npm run build:server` runs it alone.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

import { copyDocsViewer } from './copy-docs-viewer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_BUILD = path.join(root, 'dist', 'server.mjs')

export const buildServer = async () => {
  await build({
    absWorkingDir: root,
    bundle: true,
    // lib/search/searchThreadClient.ts: the thread runs from its built file, and its start from the sources is left out.
    define: { 'process.env.BLOG_PORTFOLIO_BUILD': '"true"' },
    minifySyntax: true,
    // Each thread runs from a file of its own beside the server, where its client looks (new URL(..., import.meta.url)).
    entryPoints: ['server.ts', 'lib/search/searchThread.ts', 'lib/db/sqliteReadWorker.mjs'],
    entryNames: '[name]',
    format: 'esm',
    logLevel: 'warning',
    outdir: path.dirname(SERVER_BUILD),
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    platform: 'node',
    // Stack traces point into the build; `NODE_OPTIONS=--enable-source-maps` maps them back to the sources.
    sourcemap: true,
    target: 'node20',
  })
  copyDocsViewer(path.dirname(SERVER_BUILD))
  return SERVER_BUILD
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildServer()
  console.log(`Server built into ${path.relative(root, SERVER_BUILD)} in ${Date.now() - started} ms.`)
}
