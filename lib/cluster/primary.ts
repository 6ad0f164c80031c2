import cluster, { type Worker } from 'node:cluster'

import { isClusterMessage, LISTENER_CLOSED, START_DRAINING } from './messages'
import type { LogLevel } from '../env'
import { createPrimaryLog } from './primaryLog'
import { createRestartGuard, DEFAULT_RESTART_LIMIT, type RestartLimit } from './restartGuard'

export type PrimaryOptions = {
  /** Worker processes to keep running. */
  workers: number
  /** How long each worker's drain may take (SHUTDOWN_TIMEOUT); the primary kills the ones still running after it plus a margin. */
  shutdownTimeoutMs: number
  restartLimit?: RestartLimit
  /** LOG_LEVEL: the primary's own lines below it are left out. */
  logLevel: LogLevel
}

/** Time for a worker to close its jobs runner and database after its drain ended. */
const STOP_MARGIN_MS = 10_000

const who = (worker: Worker) => `worker ${worker.id} (pid ${worker.process.pid})`

const howItEnded = (code: number | null, signal: string | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`)

/**
 * The cluster primary: serves nothing itself, keeps `workers` service processes on the shared port.
 *
 * - Start: one worker first, the others once it listens. The first runs whatever a start does once per database
 *   (production migrations, the development schema push, the first admin, the development secret file), so
 *   the others find it done instead of racing it.
 * - A worker that dies while the cluster runs is replaced, unless deaths exceed `restartLimit` (then everything
 *   stops and the primary exits 1). A worker that dies during the start makes the start fail (exit 1), as a
 *   single process would.
 * - SIGTERM/SIGINT: every worker gets SIGTERM and stops listening; once all have (the port now refuses
 *   connections), each is told to drain (health 503, requests in flight answered, `Connection: close`). Draining
 *   earlier would send clients to reconnect to a port that still accepts and then drops them. The primary exits
 *   0 once all have exited cleanly, 1 otherwise. A second signal kills them at once.
 * - A worker sent SIGTERM on its own drains at once (its peers keep the port) and is replaced.
 */
export const runPrimary = ({ workers, shutdownTimeoutMs, restartLimit = DEFAULT_RESTART_LIMIT, logLevel }: PrimaryOptions): void => {
  const primaryLog = createPrimaryLog(logLevel)
  const guard = createRestartGuard(restartLimit)
  const listening = new Set<number>()
  let phase: 'starting' | 'running' | 'stopping' = 'starting'
  let exitCode = 0

  const notListening = new Set<number>()
  let drainingSent = false

  const fork = () => {
    const worker = cluster.fork()
    // A message to a worker whose channel just closed is reported here instead of ending the primary.
    worker.on('error', (error: Error) => primaryLog('warn', `${who(worker)}: ${error.message}`))
    primaryLog('info', `${who(worker)} forked`)
  }

  const living = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined)

  const tellToDrain = (worker: Worker) => {
    if (worker.isConnected()) worker.send({ type: START_DRAINING })
  }

  /** During a stop: once no living worker listens, every one of them may drain. */
  const drainWhenNoneListens = () => {
    if (phase !== 'stopping' || drainingSent) return
    const left = living()
    if (!left.every((worker) => notListening.has(worker.id))) return
    drainingSent = true
    if (left.length > 0) primaryLog('info', `no worker listens any more: ${left.length} worker(s) draining`)
    left.forEach(tellToDrain)
  }

  const exitWhenAllGone = () => {
    if (living().length === 0) {
      // The workers share this stdout: while they filled the pipe, a line written now waits, and exiting at once would lose it.
      primaryLog('info', `all workers stopped; primary exiting with code ${exitCode}`, () => process.exit(exitCode))
    }
  }

  const stop = (reason: string, code: number) => {
    if (phase === 'stopping') return
    phase = 'stopping'
    exitCode = code
    primaryLog(code === 0 ? 'info' : 'error', `${reason}: stopping ${living().length} worker(s)`)
    for (const worker of living()) worker.process.kill('SIGTERM')
    drainWhenNoneListens()
    setTimeout(() => {
      const left = living()
      primaryLog('error', `${left.length} worker(s) still running ${(shutdownTimeoutMs + STOP_MARGIN_MS) / 1000} s after the stop: killing them`)
      for (const worker of left) worker.process.kill('SIGKILL')
      exitCode = 1
    }, shutdownTimeoutMs + STOP_MARGIN_MS).unref()
    exitWhenAllGone()
  }

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id)
    primaryLog('info', `${who(worker)} listening on port ${address.port}`)
    if (phase !== 'starting') return
    if (listening.size === 1) for (let n = 1; n < workers; n++) fork()
    if (listening.size === workers) {
      phase = 'running'
      primaryLog('info', `all ${workers} workers listening`)
    }
  })

  cluster.on('message', (worker, message) => {
    if (!isClusterMessage(message, LISTENER_CLOSED)) return
    notListening.add(worker.id)
    if (phase === 'stopping') {
      drainWhenNoneListens()
    } else {
      primaryLog('info', `${who(worker)} stopped listening on its own; it drains now and will be replaced`)
      tellToDrain(worker)
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    const ended = `${who(worker)} ${howItEnded(code, signal)}`
    notListening.delete(worker.id)
    if (phase === 'stopping') {
      if (code !== 0) exitCode = 1
      primaryLog(code === 0 ? 'info' : 'warn', ended)
      drainWhenNoneListens()
      exitWhenAllGone()
    } else if (phase === 'starting') {
      stop(`${ended} during the start`, 1)
    } else if (guard.allowsRestart()) {
      primaryLog('warn', `${ended}; forking a replacement`)
      fork()
    } else {
      stop(`${ended}: more than ${restartLimit.deaths} deaths in ${restartLimit.windowMs / 1000} s, giving up`, 1)
    }
  })

  const onSignal = (signal: NodeJS.Signals) => {
    if (phase !== 'stopping') {
      stop(`${signal} received`, 0)
      return
    }
    primaryLog('warn', `${signal} received again: killing ${living().length} worker(s) now`)
    for (const worker of living()) worker.process.kill('SIGKILL')
    exitCode = 1
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)

  primaryLog('info', `primary starting ${workers} workers (one first, the others once it listens)`)
  fork()
}
