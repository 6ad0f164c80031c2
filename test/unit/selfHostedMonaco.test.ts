import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { monacoFileResponse } from '../../lib/monaco/monacoFiles'
import { MONACO_CDN_VS, monacoVersion, monacoVsPath } from '../../lib/monaco/selfHostedMonaco.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
const rewriteMonacoCdn = require('../../lib/monaco/rewriteMonacoCdn.cjs') as (this: { getOptions: () => unknown }, source: string) => string
const VERSION = monacoVersion(ROOT)

describe('Monaco from the service', () => {
  it('is the version @payloadcms/ui asks the CDN for, so the editor gets the files it was built against', () => {
    const payloadUi = path.join(ROOT, 'node_modules', '@payloadcms', 'ui', 'dist', 'exports', 'client')
    const cdnVersions = fs
      .readdirSync(payloadUi)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...fs.readFileSync(path.join(payloadUi, file), 'utf8').matchAll(/cdn\.jsdelivr\.net\/npm\/monaco-editor@([^/]+)\/min\/vs/g)].map((match) => match[1]))
    expect(cdnVersions.length).toBeGreaterThan(0)
    expect(new Set(cdnVersions)).toEqual(new Set([VERSION]))
  })

  it("rewrites the CDN address in Payload's bundle to the service's own path", () => {
    const source = 'var we={paths:{vs:"https://cdn.jsdelivr.net/npm/monaco-editor@0.55.1/min/vs"}};'
    const options = { pattern: MONACO_CDN_VS.source, vsPath: monacoVsPath(VERSION) }
    expect(rewriteMonacoCdn.call({ getOptions: () => options }, source)).toBe(`var we={paths:{vs:"/admin/monaco/${VERSION}/vs"}};`)
  })

  it('serves the loader and the editor as scripts, cached for good', async () => {
    const loader = monacoFileResponse([VERSION, 'vs', 'loader.js'])
    expect(loader.status).toBe(200)
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(loader.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await loader.text()).toContain('AMDLoader')
    const css = monacoFileResponse([VERSION, 'vs', 'editor', 'editor.main.css'])
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    await css.body?.cancel()
  })

  it('answers 404 for another version, a missing file, another kind of file or a path out of the folder', () => {
    expect(monacoFileResponse(['0.0.1', 'vs', 'loader.js']).status).toBe(404)
    expect(monacoFileResponse([VERSION, 'vs', 'nothing.js']).status).toBe(404)
    expect(monacoFileResponse([VERSION, 'vs']).status).toBe(404)
    expect(monacoFileResponse([VERSION, 'vs', '..', 'package.json']).status).toBe(404)
    expect(monacoFileResponse([VERSION, 'vs', '..', '..', '..', '..', 'package.json']).status).toBe(404)
    expect(monacoFileResponse([VERSION, 'vs', 'editor']).status).toBe(404)
  })
})
