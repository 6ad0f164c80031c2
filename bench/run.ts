// `npm run bench`: seeds a throwaway database, starts the service in production mode and a bare node:http ceiling,
// loads every scenario with autocannon, and prints and saves the table. `npm run bench -- --help` lists the options.
import os from 'node:os'

import { type LoadTarget, type Measurement, measure, postgresPids, statusMb } from './load'
import { describeMachine, formatMachine } from './machine'
import { parseOptions } from './options'
import { createDatabase, startCeiling, startService, stopAll, stopAllOnExit } from './processes'
import { checkTargets, formatTable, formatTargets, ratiosOf } from './report'
import { saveResults } from './results'
import { buildScenarios, discover, measureRebuilds, selectScenarios, serverOf } from './scenarios'
import { EDITOR_ACCOUNT, FULL_SITE, scaleSite, seedDatabase } from './seed'

/** Not a secret: the database is thrown away (or, with --reuse, kept in scratch/). */
const BENCH_SECRET = 'benchmark-only-secret-0123456789abcdef'

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`

const main = async () => {
  const options = parseOptions(process.argv.slice(2))
  stopAllOnExit()
  const started = performance.now()
  const machine = describeMachine()
  console.log(`Benchmark on ${options.db}: ${formatMachine(machine)}`)
  console.log(`${options.duration} s per run after a ${options.warmup} s warm-up, at ${options.connections.join(' and ')} connections\n`)

  const site = scaleSite(FULL_SITE, options.scale)
  const database = await createDatabase(options.db, site, options.reuseDir)
  const env = {
    NODE_ENV: 'production',
    ADMIN: 'false',
    LOG_LEVEL: 'warn',
    PAYLOAD_SECRET: BENCH_SECRET,
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
  }

  let seed: Awaited<ReturnType<typeof seedDatabase>> | undefined
  if (database.seeded) {
    console.log(`Reusing the site seeded in ${database.dataDir}`)
  } else {
    // The seeding processes would each warn that no email adapter is set; errors still show.
    seed = await seedDatabase({ ...env, LOG_LEVEL: 'error' }, site, options.seedWorkers, options.seedConcurrency)
    database.markSeeded?.(seed)
  }

  const serviceStarted = performance.now()
  const service = await startService(env, options.profileDir, options.serviceFlags)
  console.log(`\nService up at ${service.url} (pid ${service.pid}) in ${elapsed(serviceStarted)}`)
  const found = await discover(service.url)
  const ceiling = await startCeiling(found.bodies)
  console.log(`Ceiling up at ${ceiling.url}, bare Express at ${ceiling.expressUrl} (pid ${ceiling.pid})\n`)

  const scenarios = selectScenarios(buildScenarios(found), options.only)
  const port = database.port
  const serviceTarget: LoadTarget = { url: service.url, pid: service.pid, databasePids: port ? () => postgresPids(port) : undefined }
  const servers: Record<ReturnType<typeof serverOf>, LoadTarget> = {
    service: serviceTarget,
    ceiling: { url: ceiling.url, pid: ceiling.pid },
    express: { url: ceiling.expressUrl, pid: ceiling.pid },
  }
  const measurements: Measurement[] = []
  const loadStarted = performance.now()
  for (const scenario of scenarios) {
    for (const [index, connections] of options.connections.entries()) {
      // The first run of a scenario warms it up fully; the next ones (same code, more sockets) for half as long.
      const warmup = index === 0 ? options.warmup : options.warmup / 2
      const measurement = await measure(servers[serverOf(scenario)], scenario, connections, options.duration, warmup)
      measurements.push(measurement)
      console.log(
        `${scenario.name.padEnd(28)} ${String(connections).padStart(3)} conns ${String(measurement.requestsPerSecond).padStart(7)} req/s` +
          `  p50 ${measurement.latencyMs.p50} ms  p99 ${measurement.latencyMs.p99} ms  CPU ${measurement.cpuPercent}%` +
          (measurement.unexpected > 0 ? `  ${measurement.unexpected} unexpected: ${JSON.stringify(measurement.statuses)}` : ''),
      )
    }
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000
  const rebuilds = await measureRebuilds(service.url, found, EDITOR_ACCOUNT)
  console.log(`\nRight after an editor's change (the public cache emptied), one request at a time:`)
  for (const [path, times] of Object.entries(rebuilds)) {
    console.log(`  GET ${path.padEnd(26)} median ${times.medianMs} ms, worst ${times.maxMs} ms`)
  }

  const serviceRssMb = Math.round(
    Math.max(statusMb(service.pid, 'VmHWM'), ...measurements.filter(({ scenario }) => !scenario.startsWith('ceiling')).map(({ peakRssMb: rss }) => rss)),
  )
  await service.stop()
  await ceiling.stop()
  machine.loadAverage.end = Math.round(os.loadavg()[0]! * 100) / 100

  const table = formatTable(scenarios, measurements, options.db === 'postgres')
  const targets = checkTargets(scenarios, measurements, serviceRssMb)
  const totalSeconds = Math.round((performance.now() - started) / 1000)
  console.log(`\n${table}\n\n${formatTargets(targets)}\n`)
  console.log(`Machine: ${formatMachine(machine)}`)
  console.log(`Whole run ${totalSeconds} s (seeding ${seed ? `${seed.seconds.toFixed(0)} s` : 'reused'}, load ${loadSeconds.toFixed(0)} s)`)
  if (options.profileDir) console.log(`CPU profile of the service written to ${options.profileDir}`)

  if (options.save) {
    const ratios = ratiosOf(scenarios, measurements)
    const file = saveResults(options.db, {
      date: new Date().toISOString(),
      db: options.db,
      machine,
      options: {
        duration: options.duration,
        warmup: options.warmup,
        connections: options.connections,
        only: options.only,
        serviceFlags: options.serviceFlags,
      },
      site,
      seed: seed ?? 'reused',
      seconds: { total: totalSeconds, load: Math.round(loadSeconds) },
      serviceRssMb,
      afterChange: rebuilds,
      targets,
      scenarios: scenarios.map(({ name, request, expectedStatus, ceiling: ceilingName, peer }) => ({
        name,
        request,
        expectedStatus,
        ceiling: ceilingName,
        peer,
      })),
      measurements: measurements.map((measurement) => ({ ...measurement, ratios: ratios.get(measurement) })),
    })
    console.log(`Results written to ${file}`)
  }
}

try {
  await main()
} catch (error) {
  process.stderr.write(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
} finally {
  await stopAll()
}
