import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

import { projectRoot } from '../projectRoot'
import { WorkerCalls } from '../workerCalls'
import type { ThreadReply, ThreadRequest } from './searchThreadProtocol'

/** Built beside the server's own build by `npm start` (scripts/build-server.mjs): dist/searchThread.mjs. */
const BUILT = fileURLToPath(new URL('./searchThread.mjs', import.meta.url))
const SOURCE = path.join(projectRoot, 'lib', 'search', 'searchThread.ts')
/** Where a build from the sources goes: inside the project, so that its imports of packages find node_modules. */
const CACHE_DIR = path.join(projectRoot, 'node_modules', '.cache', 'blog-portfolio')

/** The thread's code bundled from its sources (under tsx and Jest, which a worker thread does not inherit), named by its content. */
const bundleSources = async (): Promise<string> => {
  const { build } = await import('esbuild')
  const { outputFiles } = await build({
    bundle: true,
    entryPoints: [SOURCE],
    format: 'esm',
    logLevel: 'warning',
    packages: 'external',
    platform: 'node',
    target: 'node20',
    write: false,
  })
  const code = outputFiles[0]!.text
  const file = path.join(CACHE_DIR, `searchThread-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(CACHE_DIR, { recursive: true })
    // Other processes (Jest's workers) may write the same file at once: each writes its own, then renames it in place.
    const written = `${file}.${process.pid}`
    fs.writeFileSync(written, code)
    fs.renameSync(written, file)
  }
  return file
}

let bundled: Promise<string> | undefined
const threadFile = (): Promise<string> => (fs.existsSync(BUILT) ? Promise.resolve(BUILT) : (bundled ??= bundleSources()))

/**
 * A search's garbage dies young: V8's default young generation (16 MB semi-spaces) only added 30 MB to the service's
 * RSS. Measured under 50 connections of searches on 10,000 articles: 8 MB kept RSS at 305-312 MB against 335-341 MB,
 * and 3,600-3,700 searches a second against 3,750-3,800 (4 MB: 3,600, 302-309 MB).
 */
const YOUNG_GENERATION_MB = 8

/** The search thread (searchThread.ts): requests answered in the order sent. */
export class SearchThread extends WorkerCalls {
  /** Starts a thread whose heap may grow to `heapMegabytes`; `onFailure` hears of its end unless `stop()` ended it. */
  static async start(heapMegabytes: number, onFailure: (error: Error) => void): Promise<SearchThread> {
    const resourceLimits = { maxOldGenerationSizeMb: heapMegabytes, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
    return new SearchThread(new Worker(await threadFile(), { resourceLimits }), onFailure)
  }

  request<Request extends ThreadRequest>(request: Request): Promise<ThreadReply<Request>> {
    return this.call({ request }) as Promise<ThreadReply<Request>>
  }
}
