// Where the admin UI loads the Monaco code editor from: this service, never a CDN. Plain JavaScript: next.config.ts
// reads it as well as the route that serves the files. (No require.resolve: inside Next's bundle it gives a module id.)
import fs from 'node:fs'
import path from 'node:path'

/** The monaco-editor package (a direct dependency) of the project in `root`: its `min/vs` is what the editor loads. */
export const monacoPackageDir = (/** @type {string} */ root) => path.join(root, 'node_modules', 'monaco-editor')

/** @returns {string} the installed monaco-editor's version */
export const monacoVersion = (/** @type {string} */ root) =>
  JSON.parse(fs.readFileSync(path.join(monacoPackageDir(root), 'package.json'), 'utf8')).version

/** The admin UI's route that serves `min/vs` (app/(payload)/admin/monaco/[...path]/route.ts). */
export const MONACO_ROUTE = '/admin/monaco'

/** The `vs` path the editor loads from: versioned, so its files can be cached for good. */
export const monacoVsPath = (/** @type {string} */ version) => `${MONACO_ROUTE}/${version}/vs`

/** The address @monaco-editor/loader (bundled inside @payloadcms/ui) has by default. */
export const MONACO_CDN_VS = /https:\/\/cdn\.jsdelivr\.net\/npm\/monaco-editor@[^/"'`]+\/min\/vs/
