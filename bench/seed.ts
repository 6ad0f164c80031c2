// Seeds the benchmark site from several processes (seedWorker.ts): the first writes the setup, then every process
// writes its shard of the bulk. Each is a plain Payload process with the service's production environment, so the
// schema comes from the committed migrations (run by the first process) exactly as the service will find it.
import path from 'node:path'

import { Presets, SingleBar } from 'cli-progress'
import pg from 'pg'

import { ARTICLE_CATEGORIES, PROJECT_CATEGORIES } from './generatedSite'
import { spawnTracked } from './processes'
import type { SeedSetup, SeedTimings, WorkerMessage, WorkerStart } from './seedWorker'

export const FULL_SITE = { articles: 10_000, projects: 500, resources: 2_000, skills: 50, carousels: 20, wallMessages: 10_000 }
export type SiteSize = typeof FULL_SITE

/** A smaller site of the same make-up, at least one record of each kind. */
export const scaleSite = (size: SiteSize, scale: number): SiteSize =>
  Object.fromEntries(Object.entries(size).map(([kind, count]) => [kind, Math.max(1, Math.round(count * scale))])) as SiteSize

/** The editor account the seed writes as; the benchmark logs in with it to make changes. */
export const EDITOR_ACCOUNT = { email: 'editor@bench.example.com', password: 'bench-editor-password' }

const round = (value: number) => Math.round(value * 100) / 100

/**
 * Fills the database with `size` through `workers` processes of `concurrency` creates in flight each, with a progress
 * bar (on a terminal it redraws in place; otherwise a line every 10 s), and prints how long each kind of record took.
 */
export const seedDatabase = async (env: Record<string, string>, size: SiteSize, workers: number, concurrency: number) => {
  const started = performance.now()
  const format = 'seeding [{bar}] {percentage}% | {value}/{total} | {phase} | {duration_formatted} elapsed, eta {eta_formatted}'
  const bar = new SingleBar({ format, etaBuffer: 200, fps: 5, noTTYOutput: true, notTTYSchedule: 10_000, hideCursor: true }, Presets.shades_classic)
  // Every record: the site plus the editor account and the categories.
  const records = 1 + ARTICLE_CATEGORIES.length + PROJECT_CATEGORIES.length + Object.values(size).reduce((sum, count) => sum + count, 0)
  bar.start(records, 0, { phase: 'starting' })
  const totals = new Map<string, { records: number; seconds: number; cpuSeconds: number }>()
  const add = (timings: SeedTimings) => {
    for (const [phase, { records, seconds, cpuSeconds }] of Object.entries(timings)) {
      const sum = totals.get(phase) ?? { records: 0, seconds: 0, cpuSeconds: 0 }
      totals.set(phase, { records: sum.records + records, seconds: sum.seconds + seconds, cpuSeconds: sum.cpuSeconds + cpuSeconds })
    }
  }
  const stops: (() => Promise<void>)[] = []
  /** Resolves when process `index` is done; rejects when it fails or exits early. The first one calls `onSetup`. */
  const runWorker = (index: number, setup?: SeedSetup, onSetup?: (setup: SeedSetup) => void) =>
    new Promise<void>((resolve, reject) => {
      const { child, stop } = spawnTracked(`seeding process ${index}`, path.resolve(import.meta.dirname, 'seedWorker.ts'), env, ['--conditions=production'])
      stops.push(stop)
      let done = false
      child.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') return bar.increment(message.records, message.phase ? { phase: message.phase } : {})
        if (message.type !== 'failed') add(message.timings)
        if (message.type === 'setup') return onSetup?.(message.setup)
        done = true
        if (message.type === 'done') resolve()
        else reject(new Error(`seeding process failed:\n${message.message}`))
      })
      child.once('exit', (code, signal) => done || reject(new Error(`seeding process exited with ${signal ?? code} before it was done`)))
      child.send({ size, shard: { index, count: workers }, concurrency, account: EDITOR_ACCOUNT, setup } satisfies WorkerStart)
    })
  try {
    const shards: Promise<void>[] = []
    const setup = await new Promise<SeedSetup>((resolve, reject) => {
      shards.push(runWorker(0, undefined, resolve))
      shards[0]!.catch(reject)
    })
    for (let index = 1; index < workers; index++) shards.push(runWorker(index, setup))
    await Promise.all(shards)
  } finally {
    bar.stop()
    await Promise.all(stops.map((stop) => stop()))
  }
  // Per kind of record: how many; the seconds and CPU seconds summed over the processes that wrote them; and per
  // record, the milliseconds of one process (wall clock, waits included) and of CPU.
  const seconds = (performance.now() - started) / 1000
  const phases: Record<string, { records: number; processSeconds: number; cpuSeconds: number; msPerRecord: number; cpuMsPerRecord: number }> = {}
  console.log(`Seeded in ${seconds.toFixed(1)} s with ${workers} process(es), ${concurrency} creates in flight each:`)
  for (const [phase, { records, seconds: processSeconds, cpuSeconds }] of totals) {
    const [msPerRecord, cpuMsPerRecord] = [round((processSeconds * 1000) / records), round((cpuSeconds * 1000) / records)]
    phases[phase] = { records, processSeconds: round(processSeconds), cpuSeconds: round(cpuSeconds), msPerRecord, cpuMsPerRecord }
    const each = `${msPerRecord.toFixed(1).padStart(6)} ms each per process (${cpuMsPerRecord.toFixed(1)} ms of CPU)`
    console.log(`  ${phase.padEnd(14)} ${String(records).padStart(6)} records, ${each}`)
  }
  return { seconds: round(seconds), workers, concurrency, phases }
}

/**
 * Postgres: a site in use has been vacuumed and analysed by autovacuum, which a site written a moment ago has not
 * (counting the matches of a search then visits every row's heap page: 3x slower, measured). Do it now.
 */
export const vacuumAsAutovacuumWould = async (url: string) => {
  const started = performance.now()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('VACUUM (ANALYZE)')
  } finally {
    await client.end()
  }
  console.log(`Vacuumed and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s, as autovacuum would have by now`)
}
