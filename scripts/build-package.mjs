// Builds the plugin as a package a host app installs: ES modules that plain `node` and a Next build load from
// node_modules, with their .d.ts, under dist/package/ (package.json `exports` point there). Run by `prepare`, so
// `npm ci`, `npm install` and `npm pack` build it; `npm run build:package` runs it alone.
//   index.mjs             the plugin (`blogPortfolio`) and the /api app factory (`createBlogApi`)
//   searchThread.mjs      the search copy's thread, a file of its own beside index.mjs, where its client looks
//                         (new URL('./x.mjs', import.meta.url)): nothing is compiled at run time
//   scalar.js             the /api/docs page's viewer (Scalar's browser build), read beside index.mjs
//   components/*.mjs      the admin components, one module per source file so that each keeps its own 'use client'
//                         and modules shared by two components (webhookTestSignal) stay one module
//   types/                declarations (tsc, tsconfig.package.json)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

import { NODE_BUILD_OPTIONS } from './build-server.mjs'
import { copyDocsViewer } from './copy-docs-viewer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const PACKAGE_DIR = path.join(root, 'dist', 'package')
const COMPONENTS_DIR = path.join(root, 'components')

/** A component's import of another file of components/ stays an import of that file's own build. */
const componentsStaySeparate = {
  name: 'components-stay-separate',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind === 'entry-point' || path.dirname(args.importer) !== COMPONENTS_DIR) return undefined
      const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' })
      if (args.pluginData === 'inner' || resolved.errors.length > 0) return undefined
      if (path.dirname(resolved.path) !== COMPONENTS_DIR) return undefined
      return { path: `./${path.basename(resolved.path).replace(/\.tsx?$/, '.mjs')}`, external: true }
    })
  },
}

const componentEntries = () =>
  fs
    .readdirSync(COMPONENTS_DIR)
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join('components', name))

/** The modules, without their declarations. */
export const buildPackageCode = async () => {
  await build({
    ...NODE_BUILD_OPTIONS,
    entryPoints: ['index.ts', 'lib/search/searchThread.ts'],
    entryNames: '[name]',
    outdir: PACKAGE_DIR,
  })
  copyDocsViewer(PACKAGE_DIR)
  await build({
    ...NODE_BUILD_OPTIONS,
    entryPoints: componentEntries(),
    entryNames: '[name]',
    jsx: 'automatic',
    outdir: path.join(PACKAGE_DIR, 'components'),
    plugins: [componentsStaySeparate],
  })
}

/**
 * The declarations, from the same sources. tsc writes them in spite of a type error, which it reports: the install
 * that runs this (`prepare`) goes on, and `npm run typecheck` is where a type error fails.
 */
export const buildPackageTypes = () => {
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.package.json'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (tsc.error) throw tsc.error
  if (!fs.existsSync(path.join(PACKAGE_DIR, 'types', 'index.d.ts'))) throw new Error(`tsc wrote no declarations (exit ${tsc.status})`)
}

export const buildPackage = async () => {
  fs.rmSync(PACKAGE_DIR, { recursive: true, force: true })
  await buildPackageCode()
  buildPackageTypes()
  return PACKAGE_DIR
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildPackage()
  console.log(`Package built into ${path.relative(root, PACKAGE_DIR)} in ${Date.now() - started} ms.`)
}
