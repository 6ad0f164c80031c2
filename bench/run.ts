// `npm run bench`: seeds a throwaway database, starts the service in production mode and a bare node:http ceiling,
// loads every scenario with autocannon, and prints and saves the table. `npm run bench -- --help` lists the options.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { type AlternatingRatio, formatAlternating, measureAlternating } from './alternating'
import { type LoadTarget, type Measurement, measure, postgresPids, treeRssMb, waitUntilIdle } from './load'
import { createDatabase, exampleAppBuilt, startCeiling, startExampleApp, startService, stopAll, stopAllOnExit } from './processes'
import { CEILING_TARGETS, checkTargets, formatTable, formatTargets, ratiosOf, TARGET_CONNECTIONS } from './report'
import { buildScenarios, discover, measureRebuilds, type Scenario, selectScenarios, serverOf } from './scenarios'
import { EDITOR_ACCOUNT, FULL_SITE, scaleSite, seedDatabase, vacuumAsAutovacuumWould } from './seed'

/** What `--help` and a wrong option print: the options table of bench/README.md. */
const usage = () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, 'README.md'), 'utf8')
  return `npm run bench -- [options]\n\n${/\| option \|[^]*?\n\n/.exec(readme)?.[0].trim()}`
}

/** `--workers`: the service's WORKERS, a whole number (the service itself checks its upper bound). */
const workerCount = (given: string | undefined) => {
  if (given === undefined) return 1
  if (!/^\d+$/.test(given) || Number(given) < 1) throw new Error(`--workers must be a whole number from 1, got "${given}"`)
  return Number(given)
}

const parseOptions = (argv: string[]) => {
  const text = { type: 'string' } as const
  const { values } = parseArgs({
    // `--profile` and `--reuse` without a folder take a default one.
    args: argv.map((arg) => ({ '--profile': '--profile=scratch/profiles', '--reuse': '--reuse=scratch/bench-data' })[arg] ?? arg),
    options: {
      db: text, duration: text, warmup: text, connections: text, 'seed-workers': text, 'seed-concurrency': text, only: text,
      profile: text, rounds: text, 'service-flags': text, reuse: text, scale: text, workers: text, 'no-save': { type: 'boolean' }, help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(usage())
    process.exit(0)
  }
  /** The number given as `--name`, or `fallback`; 0 only where `zero` allows it. */
  const positive = (name: string, given: string | undefined, fallback = 0, zero = false) => {
    const valid = given === undefined || Number(given) > 0 || (zero && Number(given) === 0)
    if (!valid) throw new Error(`--${name} must be a positive number, got "${given}"`)
    return Number(given ?? fallback)
  }
  const db = values.db ?? 'sqlite'
  if (db !== 'sqlite' && db !== 'postgres') throw new Error('--db must be sqlite or postgres')
  return {
    db: db as 'postgres' | 'sqlite',
    duration: positive('duration', values.duration, 4),
    warmup: positive('warmup', values.warmup, 2, true),
    connections: (values.connections?.split(',') ?? ['10', '50']).map((count) => Math.round(positive('connections', count))),
    // SQLite has one writer at a time and its busy wait sleeps, so a second seeding process only adds waits; its driver
    // blocks the event loop, so creates in flight only add memory. Postgres takes both.
    seedWorkers: Math.round(positive('seed-workers', values['seed-workers'])) || (db === 'sqlite' ? 1 : Math.min(4, os.availableParallelism())),
    seedConcurrency: Math.round(positive('seed-concurrency', values['seed-concurrency'])) || (db === 'sqlite' ? 1 : 8),
    only: values.only?.split(',').filter(Boolean) ?? [],
    rounds: Math.round(positive('rounds', values.rounds, 5, true)),
    profileDir: values.profile,
    serviceFlags: values['service-flags']?.split(/\s+/).filter(Boolean) ?? [],
    reuseDir: values.reuse,
    scale: Math.min(1, positive('scale', values.scale, 1)),
    workers: workerCount(values.workers),
    save: !values['no-save'],
  }
}

const loadAverage = () => Math.round(os.loadavg()[0]! * 100) / 100

const describeMachine = () => ({
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown', // on Linux, the `model name` of /proc/cpuinfo
  memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  /** 1-minute load average when the run started and ended: above the core count, other work shared the CPU. */
  loadAverage: { start: loadAverage(), end: undefined as number | undefined },
})

const formatMachine = (machine: ReturnType<typeof describeMachine>) =>
  `${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; ` +
  `load average ${machine.loadAverage.start}${machine.loadAverage.end === undefined ? '' : ` → ${machine.loadAverage.end}`}`

const main = async () => {
  let options
  try {
    options = parseOptions(process.argv.slice(2))
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n\n${usage()}`, { cause: error })
  }
  stopAllOnExit()
  const started = performance.now()
  const seconds = (since: number) => (performance.now() - since) / 1000
  const machine = describeMachine()
  console.log(`Benchmark on ${options.db}: ${formatMachine(machine)}`)
  console.log(
    `${options.duration} s per run after a ${options.warmup} s warm-up, at ${options.connections.join(' and ')} connections` +
      `${options.workers > 1 ? `, service in ${options.workers} worker processes` : ''}\n`,
  )

  const site = scaleSite(FULL_SITE, options.scale)
  const database = await createDatabase(options.db, site, options.reuseDir)
  // Not a secret: the database is thrown away (or, with --reuse, kept in scratch/).
  const secret = 'benchmark-only-secret-0123456789abcdef'
  const env = { NODE_ENV: 'production', ADMIN: 'false', LOG_LEVEL: 'warn', PAYLOAD_SECRET: secret, DATABASE_URL: database.url, DATA_DIR: database.dataDir }
  // The search scenario sends thousands of searches a second from one address: the per-IP search limit is off here.
  const serviceEnv = { ...env, WORKERS: String(options.workers), SEARCH_RATE_LIMIT: '0' }
  let seed
  if (database.seeded) {
    console.log(`Reusing the site seeded in ${database.dataDir}`)
  } else {
    // The seeding processes would each warn that no email adapter is set; errors still show.
    seed = await seedDatabase({ ...env, LOG_LEVEL: 'error' }, site, options.seedWorkers, options.seedConcurrency)
    database.markSeeded?.(seed)
    if (options.db === 'postgres') await vacuumAsAutovacuumWould(database.url)
  }

  const serviceStarted = performance.now()
  const service = await startService(serviceEnv, options.profileDir, options.serviceFlags)
  console.log(
    `\nService up at ${service.url} (pid ${service.pid}${options.workers > 1 ? `, primary of ${options.workers} workers` : ''}) in ${seconds(serviceStarted).toFixed(0)} s`,
  )
  console.log(`Service idle (its search copy filled) after ${(await waitUntilIdle(service.pid)).toFixed(0)} s`)
  const found = await discover(service.url)
  const ceiling = await startCeiling(found.bodies)
  console.log(`Ceiling up at ${ceiling.url}, bare Hono at ${ceiling.honoUrl} (pid ${ceiling.pid})\n`)

  const scenarios = selectScenarios(buildScenarios(found), options.only)
  const { port } = database
  const servers: Record<Exclude<ReturnType<typeof serverOf>, 'example'>, LoadTarget> = {
    service: { url: service.url, pid: service.pid, databasePids: port ? () => postgresPids(port) : undefined },
    ceiling: { url: ceiling.url, pid: ceiling.pid },
    hono: { url: ceiling.honoUrl, pid: ceiling.pid },
  }
  const measurements: Measurement[] = []
  const loadScenario = async (scenario: Scenario, target: LoadTarget) => {
    for (const [index, connections] of options.connections.entries()) {
      // The first run of a scenario warms it up fully; the next ones (same code, more sockets) for half as long.
      const warmup = index === 0 ? options.warmup : options.warmup / 2
      const measurement = await measure(target, scenario, connections, options.duration, warmup)
      measurements.push(measurement)
      const { requestsPerSecond, latencyMs, cpuPercent, unexpected, statuses } = measurement
      console.log(
        `${scenario.name.padEnd(28)} ${String(connections).padStart(3)} conns ${String(requestsPerSecond).padStart(7)} req/s` +
          `  p50 ${latencyMs.p50} ms  p99 ${latencyMs.p99} ms  CPU ${cpuPercent}%` +
          (unexpected > 0 ? `  ${unexpected} unexpected: ${JSON.stringify(statuses)}` : ''),
      )
    }
  }
  const alternating: AlternatingRatio[] = []
  /** The ceiling targets' alternating windows, right after the scenario's own runs. */
  const alternate = async (scenario: Scenario) => {
    const ceilingScenario = scenarios.find(({ name }) => name === CEILING_TARGETS.find((target) => target.scenario === scenario.name)?.ceiling)
    if (!ceilingScenario || options.rounds === 0 || !options.connections.includes(TARGET_CONNECTIONS)) return
    const result = await measureAlternating(
      { scenario, target: servers.service }, { scenario: ceilingScenario, target: servers.ceiling },
      TARGET_CONNECTIONS, options.duration, Math.min(1, options.warmup), options.rounds,
    )
    alternating.push(result)
    console.log(
      `${scenario.name.padEnd(28)} alternating with ${ceilingScenario.name} at ${TARGET_CONNECTIONS}: ratios ${result.ratios.join(', ')}, median ${result.median}`,
    )
  }
  const loadStarted = performance.now()
  for (const scenario of scenarios) {
    const server = serverOf(scenario)
    if (server === 'example') continue
    await loadScenario(scenario, servers[server])
    await alternate(scenario)
  }
  const loadSeconds = seconds(loadStarted)
  const rebuilds = await measureRebuilds(service.url, found, EDITOR_ACCOUNT)
  console.log(`\nRight after an editor's change (the public cache emptied), one request at a time:`)
  for (const [route, times] of Object.entries(rebuilds)) console.log(`  GET ${route.padEnd(26)} median ${times.medianMs} ms, worst ${times.maxMs} ms`)

  const serviceMeasurements = measurements.filter(({ scenario }) => !scenario.startsWith('ceiling'))
  const serviceRssMb = Math.round(Math.max(treeRssMb(service.pid, 'VmHWM'), ...serviceMeasurements.map(({ peakRssMb }) => peakRssMb)))
  await service.stop()
  await ceiling.stop()

  // The contract in a host app, with the service stopped: the example Next app on a small site of its own.
  const hostScenarios = scenarios.filter((scenario) => serverOf(scenario) === 'example')
  if (hostScenarios.length > 0 && !exampleAppBuilt()) console.log('\nexamples/next-app is not built (npm run build:example): its scenario is not measured')
  if (hostScenarios.length > 0 && exampleAppBuilt()) {
    const example = await startExampleApp(env)
    console.log(`\nExample app up at ${example.url} (pid ${example.pid})`)
    for (const scenario of hostScenarios) await loadScenario(scenario, { url: example.url, pid: example.pid })
    await example.stop()
  }
  machine.loadAverage.end = loadAverage()

  const targets = checkTargets(scenarios, measurements, serviceRssMb, rebuilds, alternating)
  const totalSeconds = Math.round(seconds(started))
  console.log(`\n${formatTable(scenarios, measurements, options.db === 'postgres')}\n`)
  if (alternating.length > 0) console.log(`${formatAlternating(alternating)}\n`)
  console.log(`${formatTargets(targets)}\n`)
  console.log(`Machine: ${formatMachine(machine)}`)
  console.log(`Whole run ${totalSeconds} s (seeding ${seed ? `${seed.seconds.toFixed(0)} s` : 'reused'}, load ${loadSeconds.toFixed(0)} s)`)
  if (options.profileDir) console.log(`CPU profile of the service written to ${options.profileDir}`)
  if (!options.save) return

  const ratios = ratiosOf(scenarios, measurements)
  const { duration, warmup, connections, only, serviceFlags, workers, rounds } = options
  const results = {
    date: new Date().toISOString(), db: options.db, machine, options: { duration, warmup, connections, only, serviceFlags, workers, rounds }, site,
    seed: seed ?? 'reused', seconds: { total: totalSeconds, load: Math.round(loadSeconds) }, serviceRssMb, afterChange: rebuilds, targets,
    scenarios: scenarios.map(({ name, request, expectedStatus, ceiling: compared, peer }) => ({ name, request, expectedStatus, ceiling: compared, peer })),
    measurements: measurements.map((measurement) => ({ ...measurement, ratios: ratios.get(measurement) })),
    alternating: alternating.map(({ windows, ...result }) => ({ ...result, errors: windows.reduce((sum, { unexpected }) => sum + unexpected, 0) })),
  }
  // bench/results/<date>-<db>[-<n>workers].json: a later run the same day with the same settings replaces it.
  const name = `${results.date.slice(0, 10)}-${options.db}${workers > 1 ? `-${workers}workers` : ''}`
  const file = path.resolve(import.meta.dirname, 'results', `${name}.json`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`Results written to ${path.relative(process.cwd(), file)}`)
}

try {
  await main()
} catch (error) {
  process.stderr.write(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
} finally {
  await stopAll()
}
