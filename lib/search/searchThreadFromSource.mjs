// Runs the search thread from its TypeScript source (lib/search/searchThread.ts) where no build sits beside its client:
// under tsx and Jest, whose loaders a worker thread does not inherit. Builds (dist/, dist/package/) run their
// searchThread.mjs directly (searchThreadClient.ts).
import { workerData } from 'node:worker_threads'

// Imported at run time only: this repository's admin build (Next) compiles the sources and must not bundle tsx.
const { register } = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'tsx/esm/api')
register()
await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ workerData.source)
