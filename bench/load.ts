import autocannon from 'autocannon'

import { type Usage, waitForIdle, watchUsage } from './procStats'
import type { Scenario } from './scenarios'

export type Measurement = {
  scenario: string
  connections: number
  /** Length of the measured window. */
  seconds: number
  /** From the start of the load until every connection had its first answer (see measure()). */
  rampSeconds: number
  requests: number
  requestsPerSecond: number
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number }
  /** Socket errors, timeouts and responses outside 2xx/3xx; a window without a single response counts as one. */
  errors: number
  /** Responses whose status is not the scenario's expected one (errors included). */
  unexpected: number
  statuses: Record<string, number>
  bytesPerSecond: number
} & Usage

export type LoadTarget = {
  url: string
  pid: number
  /** Postgres: the database's processes, for the database CPU column. */
  databasePids?: () => number[]
}

const REQUEST_TIMEOUT_S = 10
/** How long the connections may take, after the warm-up, to all be answered once before the window opens anyway. */
const MAX_RAMP_S = 60

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

const percentile = (sorted: Float64Array, fraction: number) =>
  sorted.length === 0 ? 0 : round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!)

/** Latencies of one window, grown as needed. */
const createRecorder = () => {
  let values = new Float64Array(1 << 14)
  let count = 0
  return {
    add: (value: number) => {
      if (count === values.length) {
        const grown = new Float64Array(values.length * 2)
        grown.set(values)
        values = grown
      }
      values[count++] = value
    },
    sorted: () => values.slice(0, count).sort(),
  }
}

/**
 * One continuous load on the scenario at `connections` connections, no pipelining: a warm-up, then a measured window
 * of `seconds`, on the same connections. The window opens once the warm-up is over *and* every connection has had an
 * answer: a busy Node server accepts one new connection per turn of its event loop, so under load the last of 50
 * fresh connections can wait seconds for its first answer, which says nothing about the steady state measured here.
 * The server's CPU and memory are watched during the window only; it starts idle (the previous load's queue drained).
 */
export const measure = async (
  target: LoadTarget,
  scenario: Scenario,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<Measurement> => {
  await waitForIdle(target.pid)
  let next = 0
  const { paths } = scenario
  let instance!: autocannon.Instance
  const finished = new Promise<void>((resolve, reject) => {
    instance = autocannon(
      {
        url: target.url,
        connections,
        pipelining: 1,
        duration: warmupSeconds + MAX_RAMP_S + seconds + 10,
        timeout: REQUEST_TIMEOUT_S,
        // Its per-second samples are not used (the window is recorded here); a short interval ends a stopped run sooner.
        sampleInt: 100,
        headers: scenario.headers,
        requests: [
          paths.length === 1
            ? { method: 'GET', path: paths[0] }
            : { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
        ],
      },
      (error) => (error ? reject(error) : resolve()),
    )
  })

  const started = performance.now()
  const answered = new Set<unknown>()
  const latencies = createRecorder()
  const statuses: Record<string, number> = {}
  let failed = 0
  let bytes = 0
  let window: { opened: number; usage: ReturnType<typeof watchUsage> } | undefined
  let closed: { seconds: number; usage: Usage } | undefined
  let rampSeconds = 0

  const open = () => {
    rampSeconds = round((performance.now() - started) / 1000, 2)
    window = { opened: performance.now(), usage: watchUsage(target.pid, target.databasePids) }
    setTimeout(() => {
      closed = { seconds: (performance.now() - window!.opened) / 1000, usage: window!.usage.stop() }
      instance.stop()
    }, seconds * 1000)
  }
  const ready = () => performance.now() - started >= warmupSeconds * 1000 && answered.size >= connections
  const forceOpen = setTimeout(() => window ?? open(), (warmupSeconds + MAX_RAMP_S) * 1000)

  instance.on('response', (client, statusCode, responseBytes, responseTime) => {
    if (closed) return
    if (!window) {
      answered.add(client)
      if (ready()) open()
      return
    }
    latencies.add(responseTime)
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    bytes += responseBytes
  })
  instance.on('reqError', () => {
    if (window && !closed) failed++
  })

  await finished
  clearTimeout(forceOpen)
  if (!closed) throw new Error(`the load on ${scenario.name} ended before its measured window`)

  const sorted = latencies.sorted()
  const responses = sorted.length
  const outside2xx3xx = Object.entries(statuses).reduce((sum, [status, count]) => (/^[23]/.test(status) ? sum : sum + count), 0)
  const none = responses === 0 ? 1 : 0
  return {
    scenario: scenario.name,
    connections,
    seconds: round(closed.seconds, 2),
    rampSeconds,
    requests: responses,
    requestsPerSecond: Math.round(responses / closed.seconds),
    latencyMs: {
      mean: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, responses), 2),
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: percentile(sorted, 1),
    },
    errors: Math.max(none, failed + outside2xx3xx),
    unexpected: Math.max(none, failed + responses - (statuses[String(scenario.expectedStatus)] ?? 0)),
    statuses,
    bytesPerSecond: Math.round(bytes / closed.seconds),
    ...closed.usage,
  }
}
