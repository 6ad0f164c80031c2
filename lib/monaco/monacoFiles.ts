import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'

import { projectRoot } from '../projectRoot'
import { monacoPackageDir, monacoVersion } from './selfHostedMonaco.mjs'

const VS_DIR = path.join(monacoPackageDir(projectRoot), 'min', 'vs')
const VERSION = monacoVersion(projectRoot)

// `min/vs` holds only scripts and one stylesheet.
const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * The answer to `GET /admin/monaco/<version>/vs/<file>`: a file of the installed monaco-editor's `min/vs`, cached for
 * good (the version is in the address), or a 404 for another version, a path outside that folder or another kind of file.
 */
export const monacoFileResponse = (segments: string[]): Response => {
  const [version, vs, ...rest] = segments
  if (version !== VERSION || vs !== 'vs' || rest.length === 0) return notFound()
  const file = path.resolve(VS_DIR, ...rest)
  const contentType = CONTENT_TYPES[path.extname(file)]
  if (!contentType || !file.startsWith(VS_DIR + path.sep)) return notFound()
  let size: number
  try {
    const stat = fs.statSync(file)
    if (!stat.isFile()) return notFound()
    size = stat.size
  } catch {
    return notFound()
  }
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Content-Length': String(size), 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
