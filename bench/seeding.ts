// Seeds the database from several processes at once: the first writes the setup, then every process writes its
// shard. Each is a plain Payload process with the service's production environment, so the schema comes from the
// committed migrations (run by the first process) exactly as the service will find it.
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'

import { spawnTracked } from './processes'
import { createProgress, type Progress } from './progress'
import { recordCount, type SeedSetup, type SeedTimings, type SiteSize } from './seed'
import type { WorkerMessage, WorkerStart } from './seedWorker'

export type SeedSummary = {
  seconds: number
  workers: number
  concurrency: number
  /**
   * Per kind of record: how many; the seconds and CPU seconds summed over the processes that wrote them; and per
   * record, the milliseconds of one process (wall clock, waits included) and of CPU.
   */
  phases: Record<string, { records: number; processSeconds: number; cpuSeconds: number; msPerRecord: number; cpuMsPerRecord: number }>
}

const WORKER = path.resolve(import.meta.dirname, 'seedWorker.ts')

type Worker = { child: ChildProcess; stop: () => Promise<void>; messages: (handler: (message: WorkerMessage) => void) => void }

const startWorker = (index: number, env: Record<string, string>): Worker => {
  const { child, stop } = spawnTracked(`seeding process ${index}`, WORKER, env, ['--conditions=production'])
  return { child, stop, messages: (handler) => child.on('message', (message) => handler(message as WorkerMessage)) }
}

/** Resolves with the worker's timings when it is done; rejects when it fails or exits early. */
const runWorker = (
  worker: Worker,
  start: WorkerStart,
  progress: Progress,
  onSetup?: (setup: SeedSetup, timings: SeedTimings) => void,
): Promise<SeedTimings> =>
  new Promise((resolve, reject) => {
    let done = false
    worker.messages((message) => {
      if (message.type === 'progress') {
        if (message.phase) progress.phase(message.phase)
        progress.add(message.records)
      } else if (message.type === 'setup') {
        onSetup?.(message.setup, message.timings)
      } else if (message.type === 'done') {
        done = true
        resolve(message.timings)
      } else {
        done = true
        reject(new Error(`seeding process failed:\n${message.message}`))
      }
    })
    worker.child.once('exit', (code, signal) => {
      if (!done) reject(new Error(`seeding process exited with ${signal ?? code} before it was done`))
    })
    worker.child.send(start)
  })

type Totals = Map<string, { records: number; seconds: number; cpuSeconds: number }>

const addTimings = (totals: Totals, timings: SeedTimings) => {
  for (const [phase, { records, seconds, cpuSeconds }] of Object.entries(timings)) {
    const sum = totals.get(phase) ?? { records: 0, seconds: 0, cpuSeconds: 0 }
    totals.set(phase, { records: sum.records + records, seconds: sum.seconds + seconds, cpuSeconds: sum.cpuSeconds + cpuSeconds })
  }
}

/** Fills the database with `size` through `workers` processes and prints how long it took. */
export const seedDatabase = async (
  env: Record<string, string>,
  size: SiteSize,
  workers: number,
  concurrency: number,
): Promise<SeedSummary> => {
  const started = performance.now()
  const progress = createProgress(recordCount(size))
  const totals: Totals = new Map()
  const running: Worker[] = []
  try {
    const first = startWorker(0, env)
    running.push(first)
    const shards: Promise<SeedTimings>[] = []
    const setupDone = new Promise<SeedSetup>((resolve, reject) => {
      const firstShard = runWorker(first, { type: 'start', size, shard: { index: 0, count: workers }, concurrency }, progress, (setup, timings) => {
        addTimings(totals, timings)
        resolve(setup)
      })
      firstShard.catch(reject)
      shards.push(firstShard)
    })
    const setup = await setupDone
    for (let index = 1; index < workers; index++) {
      const worker = startWorker(index, env)
      running.push(worker)
      shards.push(runWorker(worker, { type: 'start', size, shard: { index, count: workers }, concurrency, setup }, progress))
    }
    for (const timings of await Promise.all(shards)) addTimings(totals, timings)
  } finally {
    progress.stop()
    await Promise.all(running.map((worker) => worker.stop()))
  }
  const seconds = (performance.now() - started) / 1000
  const phases = Object.fromEntries(
    [...totals].map(([phase, { records, seconds: processSeconds, cpuSeconds }]) => [
      phase,
      {
        records,
        processSeconds: round(processSeconds),
        cpuSeconds: round(cpuSeconds),
        msPerRecord: round((processSeconds * 1000) / records),
        cpuMsPerRecord: round((cpuSeconds * 1000) / records),
      },
    ]),
  )
  console.log(`Seeded in ${seconds.toFixed(1)} s with ${workers} process(es), ${concurrency} creates in flight each:`)
  for (const [phase, { records, msPerRecord, cpuMsPerRecord }] of Object.entries(phases)) {
    console.log(
      `  ${phase.padEnd(14)} ${String(records).padStart(6)} records, ${msPerRecord.toFixed(1).padStart(6)} ms each per process` +
        ` (${cpuMsPerRecord.toFixed(1)} ms of CPU)`,
    )
  }
  return { seconds: round(seconds), workers, concurrency, phases }
}

const round = (value: number) => Math.round(value * 100) / 100
