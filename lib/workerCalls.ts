import { once } from 'node:events'
import type { Worker } from 'node:worker_threads'

/** The thread was stopped on purpose, or stopped by itself (and `onFailure` heard why): its calls did not run. */
export class WorkerStopped extends Error {}

/** What a thread answers to the call `id`: a value, or the error it ran into. */
export type WorkerAnswer = { id: number; value?: unknown; error?: { message: string; code?: string } }

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void }

const CLOSE_WAIT_MS = 2000

/**
 * Calls answered by a worker thread: each message posted with an `id`, answered with a `WorkerAnswer` of the same
 * id. A thread that ends (an error, a crash, out of heap) without being stopped is reported to `onFailure` once, and
 * the calls still waiting fail with `WorkerStopped`.
 */
export class WorkerCalls {
  stopped = false
  private readonly waiting = new Map<number, Waiting>()
  private nextId = 0

  constructor(
    private readonly worker: Worker,
    onFailure: (error: Error) => void,
  ) {
    // Calls waiting keep the process alive (`call`); an idle thread must not.
    worker.unref()
    worker.on('message', ({ id, value, error }: WorkerAnswer) => {
      const waiting = this.waiting.get(id)
      this.waiting.delete(id)
      if (this.waiting.size === 0) worker.unref()
      if (!error) waiting?.resolve(value)
      else waiting?.reject(Object.assign(new Error(error.message), { code: error.code }))
    })
    worker.on('error', (error) => {
      if (!this.stopped) onFailure(error)
      this.fail(error.message)
    })
    worker.on('exit', (code) => {
      // An 'error' has already been reported (and stopped the thread) when it caused the exit.
      if (!this.stopped && code !== 0) onFailure(new Error(`exit code ${code}`))
      this.fail('the thread stopped')
    })
  }

  call(message: object): Promise<unknown> {
    if (this.stopped) return Promise.reject(new WorkerStopped('the thread stopped'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref()
      this.waiting.set(id, { resolve, reject })
      this.worker.postMessage({ ...message, id })
    })
  }

  /**
   * Ends the thread on purpose (not a failure): at once, or, given `closeMessage`, by asking it to close what it holds
   * and exit, and ending it anyway if it has not after 2 s.
   */
  async stop(closeMessage?: object): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    if (!closeMessage) {
      await this.worker.terminate()
      return
    }
    const exited = once(this.worker, 'exit')
    this.worker.postMessage(closeMessage)
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS)
    await exited
    clearTimeout(timer)
  }

  private fail(reason: string) {
    this.stopped = true
    for (const waiting of this.waiting.values()) waiting.reject(new WorkerStopped(reason))
    this.waiting.clear()
  }
}
