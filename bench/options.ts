import os from 'node:os'

export type BenchOptions = {
  db: 'postgres' | 'sqlite'
  /** Seconds each measured run lasts. */
  duration: number
  /** Seconds of load before each measured run, not recorded. */
  warmup: number
  connections: number[]
  /** Processes that seed in parallel (Postgres: one per core; SQLite: one, see README). */
  seedWorkers: number
  /** Creates in flight per seeding process (SQLite's driver is synchronous: 1). */
  seedConcurrency: number
  /** Only the scenarios whose name contains one of these words (all when empty). */
  only: string[]
  /** Writes a V8 CPU profile of the service process into this folder. */
  profileDir?: string
  /** Extra Node flags for the service process (default none: started as `npm start` starts it). */
  serviceFlags: string[]
  /** SQLite only: seed into this folder once and reuse it on later runs. */
  reuseDir?: string
  /** Fraction of the full site to seed (1: 10,000 articles...); smaller for a quick try of the benchmark itself. */
  scale: number
  /** Where the raw results go; `false` with --no-save. */
  save: boolean
}

const USAGE = `npm run bench -- [options]
  --db=sqlite|postgres      database to measure (default sqlite; postgres starts a throwaway cluster)
  --duration=SECONDS        length of each measured run (default 4)
  --warmup=SECONDS          unrecorded load before each scenario's first run, half before the next (default 2)
  --connections=10,50       connection counts, comma-separated (default 10,50)
  --seed-workers=N          seeding processes (default: sqlite 1, postgres one per core, at most 4)
  --seed-concurrency=N      creates in flight per seeding process (default: sqlite 1, postgres 8)
  --only=home,articles      run only scenarios whose name contains one of these words
  --profile=DIR             start the service with --cpu-prof, profile written into DIR
  --service-flags="..."     extra Node flags for the service, e.g. "--max-old-space-size=256"
  --reuse=DIR               SQLite: keep the seeded database in DIR and reuse it next time
  --scale=FRACTION          seed this fraction of the full site (default 1), to try the benchmark quickly
  --no-save                 do not write bench/results/<date>-<db>.json`

const positive = (name: string, value: string): number => {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number, got "${value}"\n\n${USAGE}`)
  return number
}

export const parseOptions = (argv: string[]): BenchOptions => {
  const options: BenchOptions = {
    db: 'sqlite',
    duration: 4,
    warmup: 2,
    connections: [10, 50],
    seedWorkers: 0,
    seedConcurrency: 0,
    only: [],
    serviceFlags: [],
    scale: 1,
    save: true,
  }
  for (const arg of argv) {
    const [, name, value = ''] = /^--([a-z-]+)(?:=(.*))?$/.exec(arg) ?? []
    switch (name) {
      case 'db':
        if (value !== 'sqlite' && value !== 'postgres') throw new Error(`--db must be sqlite or postgres\n\n${USAGE}`)
        options.db = value
        break
      case 'duration':
        options.duration = positive(name, value)
        break
      case 'warmup':
        options.warmup = Number(value) === 0 ? 0 : positive(name, value)
        break
      case 'connections':
        options.connections = value.split(',').map((count) => Math.round(positive(name, count)))
        break
      case 'seed-workers':
        options.seedWorkers = Math.round(positive(name, value))
        break
      case 'seed-concurrency':
        options.seedConcurrency = Math.round(positive(name, value))
        break
      case 'only':
        options.only = value.split(',').filter(Boolean)
        break
      case 'profile':
        options.profileDir = value || 'scratch/profiles'
        break
      case 'service-flags':
        options.serviceFlags = value.split(/\s+/).filter(Boolean)
        break
      case 'reuse':
        options.reuseDir = value || 'scratch/bench-data'
        break
      case 'scale':
        options.scale = Math.min(1, positive(name, value))
        break
      case 'no-save':
        options.save = false
        break
      case 'help':
        console.log(USAGE)
        process.exit(0)
        break
      default:
        throw new Error(`unknown option "${arg}"\n\n${USAGE}`)
    }
  }
  if (options.reuseDir && options.db !== 'sqlite') throw new Error('--reuse works with --db=sqlite only')
  // SQLite has one writer at a time and its busy wait sleeps, so a second seeding process only adds waits; its driver
  // blocks the event loop, so creates in flight only add memory. Postgres takes both.
  options.seedWorkers ||= options.db === 'sqlite' ? 1 : Math.min(4, os.availableParallelism())
  options.seedConcurrency ||= options.db === 'sqlite' ? 1 : 8
  return options
}
