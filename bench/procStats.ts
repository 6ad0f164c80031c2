// What a process costs, read from Linux's /proc: CPU time from /proc/<pid>/stat, memory from /proc/<pid>/status.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** User plus system CPU time of a process, in seconds; 0 once it is gone. */
export const cpuSeconds = (pid: number): number => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond
  } catch {
    return 0
  }
}

/** A `kB` line of /proc/<pid>/status (VmRSS, VmHWM), in MB; 0 once the process is gone. */
const statusMb = (pid: number, key: 'VmHWM' | 'VmRSS'): number => {
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : 0
  } catch {
    return 0
  }
}

export const rssMb = (pid: number): number => statusMb(pid, 'VmRSS')

/** The highest resident set size the process ever had (the kernel's high-water mark). */
export const peakRssMb = (pid: number): number => statusMb(pid, 'VmHWM')

const parentOf = (pid: number): number => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return -1
  }
}

/** The PostgreSQL server listening on `port` (started with `-c port=<port>`) and its backends. */
export const postgresPids = (port: number): number[] => {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)
  const postmaster = pids.find((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      return args[0]?.endsWith('postgres') && args.includes(`port=${port}`)
    } catch {
      return false
    }
  })
  return postmaster === undefined ? [] : [postmaster, ...pids.filter((pid) => parentOf(pid) === postmaster)]
}

/** CPU time of every process on the machine (all cores, busy states only), in seconds. */
const machineBusySeconds = (): number => {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields
    return (user + nice + system + irq + softirq + steal) / clockTicksPerSecond
  } catch {
    return 0
  }
}

export type Usage = {
  /** The server's CPU, in % of one core (above 100: its other threads, such as the garbage collector's). */
  cpuPercent: number
  peakRssMb: number
  /** Postgres: its processes' CPU. */
  dbCpuPercent?: number
  /** The benchmark's own process (the load generator). */
  loadGeneratorCpuPercent: number
  /** Everything else on the machine during the window: the noise. */
  otherCpuPercent: number
}

const RSS_POLL_MS = 100

/**
 * Starts watching a process (and, for Postgres, the database's processes): `stop()` gives the CPU it used since,
 * as a percentage of one core, and the highest RSS seen by polling every 100 ms.
 */
export const watchUsage = (pid: number, databasePids?: () => number[]) => {
  const started = performance.now()
  const machineAtStart = machineBusySeconds()
  const selfAtStart = process.cpuUsage()
  const cpuAtStart = cpuSeconds(pid)
  const databaseAtStart = new Map((databasePids?.() ?? []).map((id) => [id, cpuSeconds(id)]))
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, RSS_POLL_MS)
  return {
    stop: (): Usage => {
      clearInterval(timer)
      const seconds = (performance.now() - started) / 1000
      const percent = (cpu: number) => Math.round((cpu / seconds) * 1000) / 10
      const server = cpuSeconds(pid) - cpuAtStart
      const self = process.cpuUsage(selfAtStart)
      const generator = (self.user + self.system) / 1e6
      const database = databasePids ? databasePids().reduce((sum, id) => sum + cpuSeconds(id) - (databaseAtStart.get(id) ?? 0), 0) : 0
      const others = Math.max(0, machineBusySeconds() - machineAtStart - server - generator - database)
      return {
        cpuPercent: percent(server),
        peakRssMb: Math.round(Math.max(peak, rssMb(pid))),
        ...(databasePids ? { dbCpuPercent: percent(database) } : {}),
        loadGeneratorCpuPercent: percent(generator),
        otherCpuPercent: percent(others),
      }
    },
  }
}

const IDLE_WINDOW_MS = 250
const IDLE_CPU_PERCENT = 15

/**
 * Waits until the process has been (nearly) idle for a quarter of a second, at most `maxSeconds`: a server still
 * working through the last run's queued requests would otherwise be measured as part of the next run.
 * Resolves with the seconds waited.
 */
export const waitForIdle = async (pid: number, maxSeconds = 30): Promise<number> => {
  const started = performance.now()
  while (performance.now() - started < maxSeconds * 1000) {
    const before = cpuSeconds(pid)
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS))
    if (((cpuSeconds(pid) - before) / (IDLE_WINDOW_MS / 1000)) * 100 < IDLE_CPU_PERCENT) break
  }
  return (performance.now() - started) / 1000
}
