import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

import { projectRoot } from '../projectRoot'
import { WorkerCalls } from '../workerCalls'
import type { ThreadReply, ThreadRequest } from './searchThreadProtocol'

/**
 * In a build, the thread runs from its own built file beside this module's: dist/searchThread.mjs for `npm start`
 * (scripts/build-server.mjs), dist/package/searchThread.mjs in the package (scripts/build-package.mjs). Both builds
 * define BLOG_PORTFOLIO_BUILD and fold this condition, leaving the start from the sources out of them: a host's
 * bundler (Turbopack) follows `new Worker(new URL('./…', import.meta.url))` and fails on a file the package does
 * not ship. From the sources (tsx, Jest), whose loaders a worker thread does not inherit, the thread starts from
 * its source through tsx; that file is found only when a thread starts, so that this repository's admin build (Next,
 * compiling the sources with BLOG_PORTFOLIO_BUILD=false) does not follow it.
 */
const fromSources = async (file: string): Promise<string> => path.join(projectRoot, 'lib', 'search', file)

const startThread = async (options: WorkerOptions): Promise<Worker> =>
  process.env.BLOG_PORTFOLIO_BUILD === 'true'
    ? new Worker(new URL('./searchThread.mjs', import.meta.url), options)
    : new Worker(await fromSources('searchThreadFromSource.mjs'), {
        ...options,
        workerData: { source: pathToFileURL(await fromSources('searchThread.ts')).href },
      })

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
    return new SearchThread(await startThread({ resourceLimits }), onFailure)
  }

  request<Request extends ThreadRequest>(request: Request): Promise<ThreadReply<Request>> {
    return this.call({ request }) as Promise<ThreadReply<Request>>
  }
}
