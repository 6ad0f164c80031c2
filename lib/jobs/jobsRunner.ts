import type { Payload } from 'payload'

import { holdLease, leaseHolder, releaseLease, takeOverLease } from './lease'
import { isGoneHolder, newHolderName } from './leaseHolder'

export type JobsRunnerOptions = {
  /** Milliseconds between two looks at the queue (a job due is run within about this long). */
  pollMs: number
  /** Milliseconds a process holds the lease without renewing it; another process takes over after that. */
  leaseMs?: number
}

export type JobsRunner = {
  /** Looks at the queue now (a job was just queued), instead of at the next poll. */
  wake: () => void
  /** Finishes the run in progress, gives up the lease and stops. */
  stop: () => Promise<void>
}

let current: JobsRunner | undefined

/** Asks this process's runner (if it runs one) to look at the queue now: call it after a transaction that queued a job commits. */
export const wakeJobsRunner = (): void => current?.wake()

/**
 * What a host calls when its process starts draining (and awaits before closing the database): this process takes no
 * new job, the run in progress finishes and the lease is given up, so the next process to start runs what falls due.
 */
export const stopTakingJobs = (): Promise<void> => current?.stop() ?? Promise.resolve()

/** Runs the queue in this process unless a runner already does (one per process, whichever Payload asked for it). */
export const runJobsInThisProcess = (payload: Payload, options: JobsRunnerOptions): void => {
  if (!current) startJobsRunner(payload, options)
}

const LEASE = 'jobs'
const DEFAULT_LEASE_MS = 30_000
/** Jobs run at once per turn; the rest wait for the next turn. */
const JOBS_PER_TURN = 20

/**
 * Runs Payload's jobs queue inside this process, in one process at a time across every process on the database.
 * Payload 3.90 claims a job by reading it and then marking it, so two processes would both run it: the lease picks
 * one runner (renewed every turn; another process takes over when it expires). A process that takes the lease
 * first frees the jobs a dead runner left marked `processing`, which Payload would otherwise never run again; the
 * tasks are written to be safe to run twice for that reason.
 */
export const startJobsRunner = (payload: Payload, { pollMs, leaseMs = DEFAULT_LEASE_MS }: JobsRunnerOptions): JobsRunner => {
  const holder = newHolderName()
  const ttlMs = Math.max(leaseMs, pollMs * 3)
  let leading = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let turn: Promise<void> | undefined
  let wakeAgain = false

  const takeTurn = async () => {
    try {
      const holds = (await holdLease(payload, LEASE, holder, ttlMs)) || (await takeOverFromGoneProcess(payload, holder, ttlMs))
      if (holds && !leading) await freeAbandonedJobs(payload)
      leading = holds
      if (leading && !stopped) await payload.jobs.run({ allQueues: true, limit: JOBS_PER_TURN, silent: { info: true } })
    } catch (error) {
      // A lost database connection: the next turn tries again; the process carries on.
      payload.logger.warn({ err: error }, 'jobs runner: this turn failed; trying again at the next one')
    }
  }

  const schedule = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = undefined
      turn = takeTurn().finally(() => {
        turn = undefined
        const soon = wakeAgain
        wakeAgain = false
        schedule(soon ? 0 : pollMs)
      })
    }, delayMs)
    timer.unref()
  }

  schedule(0)

  let stopping: Promise<void> | undefined
  const stopRunning = async () => {
    stopped = true
    clearTimeout(timer)
    await turn
    if (leading) await releaseLease(payload, LEASE, holder).catch(() => undefined)
    if (current === runner) current = undefined
  }

  const runner: JobsRunner = {
    wake: () => {
      if (stopped) return
      if (turn) {
        wakeAgain = true
        return
      }
      clearTimeout(timer)
      schedule(0)
    },
    // One stop however often it is asked for (draining, then closing): each caller waits for the lease to be given up.
    stop: () => (stopping ??= stopRunning()),
  }
  current = runner
  return runner
}

/**
 * A runner killed without a clean stop keeps the lease until it expires. When its process is known to be gone (same
 * host, no such process any more: a restart after `kill -9` or a crash), the lease is taken over at once, so scheduled
 * posts and webhook retries do not wait out the rest of it.
 */
const takeOverFromGoneProcess = async (payload: Payload, holder: string, ttlMs: number): Promise<boolean> => {
  const previous = await leaseHolder(payload, LEASE)
  if (previous === undefined || !isGoneHolder(previous) || !(await takeOverLease(payload, LEASE, previous, holder, ttlMs))) return false
  payload.logger.info(`jobs runner: took the jobs lease over from a process that is gone (${previous})`)
  return true
}

/** Jobs marked `processing` when this process starts running the queue were left by a runner that died. */
const freeAbandonedJobs = async (payload: Payload) => {
  const { docs } = await payload.update({
    collection: 'payload-jobs',
    where: { processing: { equals: true } },
    data: { processing: false },
    depth: 0,
    overrideAccess: true,
    select: { processing: true },
  })
  if (docs.length > 0) payload.logger.info(`jobs runner: ${docs.length} job(s) left running by a stopped process will run again`)
}
