// One seeding process (started by seeding.ts with an IPC channel): opens the database with the service's own
// environment, writes the setup if asked, then its shard of the bulk, and reports progress to the parent.
import { getPayload, type Payload } from 'payload'

import { composeConfig } from '../composeConfig'
import { closeDatabase } from '../lib/db/closeDatabase'
import { selectDatabase } from '../lib/databaseSelection'
import { readEnv } from '../lib/env'
import { type SeedReporter, type SeedSetup, type SeedTimings, seedSetup, seedShard, type Shard, type SiteSize } from './seed'

export type WorkerStart = { type: 'start'; size: SiteSize; shard: Shard; concurrency: number; setup?: SeedSetup }

export type WorkerMessage =
  | { type: 'setup'; setup: SeedSetup; timings: SeedTimings }
  | { type: 'progress'; records: number; phase: string }
  | { type: 'done'; timings: SeedTimings }
  | { type: 'failed'; message: string }

const PROGRESS_INTERVAL_MS = 200
/** Several processes write one SQLite file: a writer waits for the lock instead of failing with SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 60_000

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()))

/**
 * Counts records and sends the count at most every 200 ms. The check is made on each record, not by a timer: with
 * SQLite's synchronous driver a create never waits for I/O, so the event loop may not reach its timers for minutes.
 */
const createReporter = () => {
  let records = 0
  let phase = ''
  let sentAt = 0
  const flush = () => {
    if (records > 0) void send({ type: 'progress', records, phase })
    records = 0
    sentAt = performance.now()
  }
  const reporter: SeedReporter = {
    phase: (name) => {
      flush()
      phase = name
      void send({ type: 'progress', records: 0, phase })
    },
    tick: () => {
      records++
      if (performance.now() - sentAt >= PROGRESS_INTERVAL_MS) flush()
    },
  }
  return { reporter, flush }
}

const waitForStart = () => new Promise<WorkerStart>((resolve) => process.once('message', (message) => resolve(message as WorkerStart)))

const openPayload = async (): Promise<Payload> => {
  const env = readEnv(process.env)
  const payload = await getPayload({ config: composeConfig(env) })
  if (selectDatabase(env.databaseUrl, env.dataDir).kind === 'sqlite') {
    const client = (payload.db as unknown as { client: { execute: (sql: string) => Promise<unknown> } }).client
    await client.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
  }
  return payload
}

const main = async () => {
  const start = await waitForStart()
  const payload = await openPayload()
  const { reporter, flush } = createReporter()
  try {
    let setup = start.setup
    if (!setup) {
      const written = await seedSetup(payload, start.size, reporter)
      setup = written.setup
      flush()
      await send({ type: 'setup', setup, timings: written.timings })
    }
    const timings = await seedShard(payload, start.size, setup, start.shard, start.concurrency, reporter)
    flush()
    await send({ type: 'done', timings })
  } finally {
    await closeDatabase(payload)
  }
}

try {
  await main()
  process.disconnect()
} catch (error) {
  await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
}
