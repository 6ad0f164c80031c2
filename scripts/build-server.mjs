// Compiles the server (main.ts, server.ts and everything they import from this project) into dist/server.mjs and its chunks,
// and the search copy's thread into dist/searchThread.mjs, that plain `node` runs: no TypeScript compiler in the running
// service. Packages stay imports of node_modules; the docs page's viewer is copied to dist/scalar.js.
// Run by `npm start` before every start (about a second); `npm run build:server` runs it alone.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

import { copyDocsViewer } from './copy-docs-viewer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_BUILD = path.join(root, 'dist', 'server.mjs')

/** What every build of this project shares (the package's too): ES modules for plain `node`, packages left as imports. */
export const NODE_BUILD_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  // lib/search/searchThreadClient.ts: the thread runs from its built file, and its start from the sources is left out.
  define: { 'process.env.BLOG_PORTFOLIO_BUILD': '"true"' },
  minifySyntax: true,
  format: 'esm',
  logLevel: 'warning',
  outExtension: { '.js': '.mjs' },
  packages: 'external',
  platform: 'node',
  // Stack traces point into the build; `NODE_OPTIONS=--enable-source-maps` maps them back to the sources.
  sourcemap: true,
  target: 'node20',
}

const SERVER_CHUNK = /^(chunk|server)-[A-Z0-9]{8}\.mjs(\.map)?$/
const COMMAND_CHUNK = /^command-[A-Z0-9]{8}\.mjs(\.map)?$/

const buildOptions = { ...NODE_BUILD_OPTIONS, entryNames: '[name]', outdir: path.dirname(SERVER_BUILD) }

/** Chunk names change with their contents: the ones of this kind no longer written are removed. */
const removeChunksOfEarlierBuilds = (kind, { metafile }) => {
  const written = new Set(Object.keys(metafile.outputs).map((output) => path.resolve(root, output)))
  const folder = path.dirname(SERVER_BUILD)
  for (const name of fs.readdirSync(folder).filter((name) => kind.test(name))) {
    if (!written.has(path.join(folder, name))) fs.rmSync(path.join(folder, name))
  }
}

export const buildServer = async () => {
  // The thread runs from a file of its own beside the server, where its client looks (new URL(..., import.meta.url)).
  // main.ts checks the settings, then imports server.ts: split into a chunk of its own, the service's modules load
  // only once the settings are good.
  const result = await build({
    ...buildOptions,
    entryPoints: [{ in: 'main.ts', out: 'server' }, 'lib/search/searchThread.ts'],
    splitting: true,
    // Beside the server, like the threads: modules find those (and scalar.js) by `new URL('./…', import.meta.url)`.
    chunkNames: '[name]-[hash]',
    metafile: true,
  })
  removeChunksOfEarlierBuilds(SERVER_CHUNK, result)
  copyDocsViewer(path.dirname(SERVER_BUILD))
  return SERVER_BUILD
}

/** The command-line scripts (`npm run import`, `export`, `backup`, `restore`, `seed:demo`) by name. */
const COMMANDS = ['import', 'export', 'backup', 'restore', 'seed-demo']

/** Where `buildCommands` puts a script: beside the server, whose threads it may start. */
export const commandBuild = (name) => path.join(path.dirname(SERVER_BUILD), `${name}.mjs`)

/**
 * Builds the command-line scripts beside the server. npm runs them from their sources (through tsx); the tests,
 * which start them dozens of times, run these builds (test/helpers/buildServerOnce.mjs). Split into chunks, so that
 * what a script imports only once its arguments are checked (Payload, with `npm run import`) loads only then.
 */
export const buildCommands = async () => {
  const result = await build({
    ...buildOptions,
    entryPoints: COMMANDS.map((name) => `scripts/${name}.ts`),
    splitting: true,
    chunkNames: 'command-[hash]',
    metafile: true,
  })
  removeChunksOfEarlierBuilds(COMMAND_CHUNK, result)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildServer()
  console.log(`Server built into ${path.relative(root, SERVER_BUILD)} in ${Date.now() - started} ms.`)
}
