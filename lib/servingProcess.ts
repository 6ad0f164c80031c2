import type { JobsConfig, Payload } from 'payload'

import { startCopyingSearchIndex } from './db/searchMemory'
import { runJobsInThisProcess } from './jobs/jobsRunner'

export type ServingProcessSettings = {
  /** Milliseconds between two looks at the jobs queue (`JOBS_POLL_MS`). */
  jobsPollMs: number
}

/**
 * Payload's `jobs.autoRun`, which Payload calls once in a process that serves requests: `getPayload` with
 * `cron: true` (the standalone server, Next's admin pages and auth actions, and Payload's REST handlers through
 * createPayloadRequest), never in a command (`payload migrate`, `npm run seed:demo`, the backup scripts) nor during
 * `next build`. `onInit` cannot tell those apart. Such a process runs the jobs queue with the plugin's runner
 * (lib/jobs/jobsRunner.ts: a database lease, polls shorter than a second, a wake after the commit that queued a job)
 * rather than Payload's crons, and copies the search index to memory so that its first searches find it ready. The
 * host's own autoRun crons, if any, are kept.
 */
export const startServingProcess =
  (settings: ServingProcessSettings, hostAutoRun: JobsConfig['autoRun']) =>
  async (payload: Payload) => {
    runJobsInThisProcess(payload, { pollMs: settings.jobsPollMs })
    startCopyingSearchIndex(payload)
    return typeof hostAutoRun === 'function' ? hostAutoRun(payload) : (hostAutoRun ?? [])
  }
