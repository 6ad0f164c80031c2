// One measured load on a scenario (autocannon), and what it cost the server, read from Linux's /proc.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

import autocannon from 'autocannon'

import type { Scenario } from './scenarios'

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return '' // the process is gone
  }
}

/** The unit of /proc's CPU times (USER_HZ). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses): state, ppid, ... */
const statFields = (pid: number) => read(`/proc/${pid}/stat`).replace(/^.*\) /s, '').split(' ')

/** User plus system CPU time of a process (utime, stime), in seconds; 0 once it is gone. */
const cpuSeconds = (pid: number) => statFields(pid).slice(11, 13).reduce((sum, ticks) => sum + (Number(ticks) || 0), 0) / TICKS_PER_SECOND

/** A `kB` line of /proc/<pid>/status, in MB: VmRSS now, or VmHWM, the highest it ever was; 0 once the process is gone. */
const statusMb = (pid: number, key: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(read(`/proc/${pid}/status`))?.[1] ?? 0) / 1024

const allPids = () => fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)

/** A process and every process under it: a service started with WORKERS=N is its primary and N workers. */
const processTree = (root: number): number[] => {
  const parentOf = new Map(allPids().map((pid) => [pid, Number(statFields(pid)[1])]))
  const tree = [root]
  for (let index = 0; index < tree.length; index++) for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid)
  return tree
}

/** CPU seconds of a process and everything under it. */
const treeCpuSeconds = (root: number) => processTree(root).reduce((sum, pid) => sum + cpuSeconds(pid), 0)

/**
 * Resolves once a process tree has used under `busyPercent` of one core over a whole `windowMs` (or at `timeoutMs`),
 * with the seconds it took: a service that has just started still fills its search copy, which would otherwise load
 * the machine under the first scenarios (the ceiling's included).
 */
export const waitUntilIdle = async (root: number, busyPercent = 10, windowMs = 1000, timeoutMs = 120_000): Promise<number> => {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    const before = treeCpuSeconds(root)
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    if (((treeCpuSeconds(root) - before) * 1000 * 100) / windowMs < busyPercent) break
  }
  return (performance.now() - started) / 1000
}

/**
 * RSS of a process and everything under it, in MB: now, or the sum of each one's highest (`VmHWM`; an upper bound of
 * the tree's peak, since its processes may not have peaked together).
 */
export const treeRssMb = (root: number, key: 'VmHWM' | 'VmRSS' = 'VmRSS') => processTree(root).reduce((sum, pid) => sum + statusMb(pid, key), 0)

/** The PostgreSQL server listening on `port` (started with `-c port=<port>`) and its backends. */
export const postgresPids = (port: number): number[] => {
  const pids = allPids()
  const postmaster = pids.find((pid) => {
    const args = read(`/proc/${pid}/cmdline`).split('\0')
    return args[0]?.endsWith('postgres') && args.includes(`port=${port}`)
  })
  return postmaster === undefined ? [] : [postmaster, ...pids.filter((pid) => Number(statFields(pid)[1]) === postmaster)]
}

/** CPU time of every process on the machine (all cores, busy states only), in seconds. */
const machineBusySeconds = () => {
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = read('/proc/stat').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND
}

/**
 * Starts watching a process with everything under it (and the database's): `stop()` gives the CPU used since, and the
 * highest RSS polled every 100 ms.
 */
const watchUsage = (pid: number, databasePids?: () => number[]) => {
  const started = performance.now()
  const [machineAtStart, selfAtStart, cpuAtStart] = [machineBusySeconds(), process.cpuUsage(), treeCpuSeconds(pid)]
  const databaseAtStart = new Map((databasePids?.() ?? []).map((id) => [id, cpuSeconds(id)]))
  let peak = treeRssMb(pid)
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 100)
  return () => {
    clearInterval(timer)
    const seconds = (performance.now() - started) / 1000
    const percent = (cpu: number) => Math.round((cpu / seconds) * 1000) / 10
    const server = treeCpuSeconds(pid) - cpuAtStart
    const self = process.cpuUsage(selfAtStart)
    const generator = (self.user + self.system) / 1e6
    const database = databasePids ? databasePids().reduce((sum, id) => sum + cpuSeconds(id) - (databaseAtStart.get(id) ?? 0), 0) : 0
    const others = Math.max(0, machineBusySeconds() - machineAtStart - server - generator - database)
    return {
      cpuPercent: percent(server), // in % of one core: above 100, its other threads (such as the garbage collector's) worked
      peakRssMb: Math.round(Math.max(peak, treeRssMb(pid))),
      ...(databasePids ? { dbCpuPercent: percent(database) } : {}),
      loadGeneratorCpuPercent: percent(generator), // the benchmark's own process
      otherCpuPercent: percent(others), // everything else on the machine during the window: the noise
    }
  }
}

/**
 * Waits until the process has been (nearly) idle, under 15 % of a core, for a quarter of a second (at most 30 s): a
 * server still working through the last run's queued requests would otherwise be measured as part of the next run.
 */
const waitForIdle = async (pid: number) => {
  for (const started = performance.now(); performance.now() - started < 30_000; ) {
    const before = treeCpuSeconds(pid)
    await new Promise((resolve) => setTimeout(resolve, 250))
    if (((treeCpuSeconds(pid) - before) / 0.25) * 100 < 15) return
  }
}

export type Measurement = Awaited<ReturnType<typeof measure>>

/** Where a scenario's requests go; `databasePids` (Postgres) for the database CPU column. */
export type LoadTarget = { url: string; pid: number; databasePids?: () => number[] }

/** How long the connections may take, after the warm-up, to all be answered once before the window opens anyway. */
const MAX_RAMP_S = 60

/**
 * Where each scenario's next request is in its list of paths: the run at 50 connections goes on where the run at 10
 * stopped, so a scenario of distinct paths (search) never asks for one twice, which the public cache would answer.
 */
const nextPath = new Map<string, number>()

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * One continuous load at `connections` connections, no pipelining: a warm-up, then the measured window of `seconds` on
 * the same connections, opened once every connection has had an answer as well (see bench/README.md, "What it does").
 * The server starts idle, and its CPU and memory are watched during the window only.
 */
export const measure = async (target: LoadTarget, scenario: Scenario, connections: number, seconds: number, warmupSeconds: number) => {
  await waitForIdle(target.pid)
  const { paths, headers } = scenario
  const options: autocannon.Options = {
    url: target.url, connections, pipelining: 1, timeout: 10, headers, duration: warmupSeconds + MAX_RAMP_S + seconds + 10,
    // Its per-second samples are not used (the window is recorded here); a short interval ends a stopped run sooner.
    sampleInt: 100,
    requests: [
      paths.length === 1
        ? { method: 'GET', path: paths[0] }
        : {
            method: 'GET',
            setupRequest: (request) => {
              const next = nextPath.get(scenario.name) ?? 0
              nextPath.set(scenario.name, next + 1)
              return { ...request, path: paths[next % paths.length] }
            },
          },
    ],
  }
  let instance!: autocannon.Instance
  const finished = new Promise<void>((resolve, reject) => (instance = autocannon(options, (error) => (error ? reject(error) : resolve()))))

  const started = performance.now()
  const answered = new Set<unknown>()
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let [failed, bytes, rampSeconds] = [0, 0, 0]
  let window: { opened: number; stop: ReturnType<typeof watchUsage> } | undefined
  let closed: { seconds: number; usage: ReturnType<ReturnType<typeof watchUsage>> } | undefined

  const open = () => {
    rampSeconds = round((performance.now() - started) / 1000, 2)
    window = { opened: performance.now(), stop: watchUsage(target.pid, target.databasePids) }
    setTimeout(() => {
      closed = { seconds: (performance.now() - window!.opened) / 1000, usage: window!.stop() }
      instance.stop()
    }, seconds * 1000)
  }
  const forceOpen = setTimeout(() => window ?? open(), (warmupSeconds + MAX_RAMP_S) * 1000)
  instance.on('response', (client, statusCode, responseBytes, responseTime) => {
    if (closed) return
    if (!window) {
      answered.add(client)
      if (performance.now() - started >= warmupSeconds * 1000 && answered.size >= connections) open()
      return
    }
    latencies.push(responseTime)
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    bytes += responseBytes
  })
  instance.on('reqError', () => {
    if (window && !closed) failed++
  })
  await finished
  clearTimeout(forceOpen)
  if (!closed) throw new Error(`the load on ${scenario.name} ended before its measured window`)

  const sorted = Float64Array.from(latencies).sort()
  const responses = sorted.length
  const percentile = (fraction: number) => (responses === 0 ? 0 : round(sorted[Math.min(responses - 1, Math.ceil(fraction * responses) - 1)]!))
  const outside2xx3xx = Object.entries(statuses).reduce((sum, [status, count]) => (/^[23]/.test(status) ? sum : sum + count), 0)
  const mean = round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, responses), 2)
  const none = responses === 0 ? 1 : 0
  return {
    scenario: scenario.name, connections, seconds: round(closed.seconds, 2), // seconds: the measured window
    rampSeconds, // from the start of the load until every connection had its first answer
    requests: responses, requestsPerSecond: Math.round(responses / closed.seconds),
    latencyMs: { mean, p50: percentile(0.5), p90: percentile(0.9), p99: percentile(0.99), max: percentile(1) },
    // Socket errors, timeouts and statuses outside 2xx/3xx; unexpected: those and any other status than the expected
    // one. A window without a single response counts as one of each.
    errors: Math.max(none, failed + outside2xx3xx),
    unexpected: Math.max(none, failed + responses - (statuses[String(scenario.expectedStatus)] ?? 0)),
    statuses,
    bytesPerSecond: Math.round(bytes / closed.seconds),
    ...closed.usage,
  }
}
