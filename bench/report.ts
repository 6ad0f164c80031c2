// The table and the targets, as Markdown (readable in a terminal, pasted as is into bench/README.md).
import type { AlternatingRatio } from './alternating'
import type { Measurement } from './load'
import type { Scenario } from './scenarios'

export type TargetCheck = { target: string; holds: boolean | null; measured: string }

export const TARGET_CONNECTIONS = 50

/** The targets a scenario's req/s must reach over its ceiling's at 50 connections, decided on alternating windows. */
export const CEILING_TARGETS = [
  { scenario: 'home', ceiling: 'ceiling-home-buffer', minimum: 0.75, target: '/api/home cache hit ≥ 0.75× the ceiling (Buffer) at 50 connections' },
  { scenario: 'article-detail', ceiling: 'ceiling-home-buffer', minimum: 0.35, target: '/api/articles/:slug (counted) ≥ 0.35× the ceiling at 50 connections' },
  { scenario: 'resource-download', ceiling: 'ceiling-home-buffer', minimum: 0.35, target: '/api/resources/:id/download (counted) ≥ 0.35× the ceiling at 50 connections' },
]

const find = (measurements: Measurement[], scenario: string | undefined, connections: number) =>
  measurements.find((measurement) => measurement.scenario === scenario && measurement.connections === connections)

const ratio = (value: Measurement | undefined, reference: Measurement | undefined) =>
  value && reference && reference.requestsPerSecond > 0 ? Math.round((value.requestsPerSecond / reference.requestsPerSecond) * 100) / 100 : undefined

/** Each measurement's req/s over its ceiling's and its peer's, at the same connection count. */
export const ratiosOf = (scenarios: Scenario[], measurements: Measurement[]) =>
  new Map(
    measurements.map((measurement) => {
      const { ceiling, peer } = scenarios.find(({ name }) => name === measurement.scenario) ?? {}
      const over = (reference?: string) => ratio(measurement, find(measurements, reference, measurement.connections))
      return [measurement, { ceiling: over(ceiling), peer: over(peer) }]
    }),
  )

const cell = (value: number | undefined, suffix = '') => (value === undefined ? '–' : `${value}${suffix}`)
const line = (cells: unknown[]) => `| ${cells.join(' | ')} |`

export const formatTable = (scenarios: Scenario[], measurements: Measurement[], withDatabaseCpu: boolean): string => {
  const ratios = ratiosOf(scenarios, measurements)
  const database = (text: string) => (withDatabaseCpu ? [text] : [])
  const header = ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU %', ...database('db CPU %')]
  header.push('peak RSS MB', '× ceiling', '× peer', 'other CPU %')
  const rows = measurements.map((measurement) => {
    const { scenario, connections, requestsPerSecond, latencyMs, errors, unexpected, cpuPercent, dbCpuPercent, peakRssMb } = measurement
    const { ceiling, peer } = ratios.get(measurement) ?? {}
    const request = scenarios.find(({ name }) => name === scenario)?.request ?? scenario
    const failures = unexpected === errors ? errors : `${errors} (${unexpected} unexpected)`
    const cells = [request, connections, requestsPerSecond, latencyMs.p50, latencyMs.p99, failures, cpuPercent, ...database(cell(dbCpuPercent))]
    return line([...cells, peakRssMb, cell(ceiling, '×'), cell(peer, '×'), measurement.otherCpuPercent])
  })
  return [line(header), line(header.map((_, index) => (index > 0 ? '---:' : '---'))), ...rows].join('\n')
}

const SEARCH_CONNECTIONS = 10

const searchP50 = (measurements: Measurement[]): TargetCheck => {
  const target = 'search p50 < 10 ms at 10 connections'
  const search = find(measurements, 'search', SEARCH_CONNECTIONS)
  return search ? { target, holds: search.latencyMs.p50 < 10, measured: `${search.latencyMs.p50} ms` } : { target, holds: null, measured: 'not measured' }
}

/** Median time to rebuild each path right after an editor's change, against its limit. */
export type Rebuilds = Record<string, { medianMs: number; maxMs: number }>
const REBUILD_LIMITS_MS: Record<string, number> = { '/api/home': 15, '/api/articles': 10, '/api/articles?page=2000': 10 }

const rebuildTargets = (rebuilds: Rebuilds): TargetCheck[] =>
  Object.entries(REBUILD_LIMITS_MS).map(([path, limitMs]) => {
    const target = `${path} rebuilt after a change: median < ${limitMs} ms`
    const measured = rebuilds[path]
    return measured ? { target, holds: measured.medianMs < limitMs, measured: `${measured.medianMs} ms` } : { target, holds: null, measured: 'not measured' }
  })

const RSS_LIMIT_MB = 300
const P99_LIMIT_MS = 30

/**
 * A ceiling target: the median ratio of the alternating windows when they ran (see alternating.ts), else the ratio of
 * the scenario's one window to the ceiling's.
 */
const ceilingTarget = (
  { scenario, ceiling, minimum, target }: (typeof CEILING_TARGETS)[number], measurements: Measurement[], alternating: AlternatingRatio[],
): TargetCheck => {
  const paired = alternating.find((result) => result.scenario === scenario && result.connections === TARGET_CONNECTIONS)
  if (paired) {
    const range = `${Math.min(...paired.ratios)}–${Math.max(...paired.ratios)}`
    return { target, holds: paired.median >= minimum, measured: `median ${paired.median}× of ${paired.ratios.length} alternating windows (${range})` }
  }
  const value = ratio(find(measurements, scenario, TARGET_CONNECTIONS), find(measurements, ceiling, TARGET_CONNECTIONS))
  return value === undefined ? { target, holds: null, measured: 'not measured' } : { target, holds: value >= minimum, measured: `${value}× (one window)` }
}

/** The targets of the issue, each checked against this run (null: not measured in this run). */
export const checkTargets = (
  scenarios: Scenario[], measurements: Measurement[], serviceRssMb: number, rebuilds: Rebuilds, alternating: AlternatingRatio[],
): TargetCheck[] => {
  const connectionCounts = [...new Set(measurements.map(({ connections }) => connections))]
  const compare = (target: string, name: string, reference: string, minimum: number): TargetCheck => {
    const measured = connectionCounts
      .map((connections) => ({ connections, value: ratio(find(measurements, name, connections), find(measurements, reference, connections)) }))
      .filter((pair) => pair.value !== undefined)
    if (measured.length === 0) return { target, holds: null, measured: 'not measured' }
    const text = measured.map(({ connections, value }) => `${value}× at ${connections}`).join(', ')
    return { target, holds: measured.every(({ value }) => value! >= minimum), measured: text }
  }
  const apiReads = new Set(scenarios.filter(({ group }) => group === 'api').map(({ name }) => name))
  const slowest = measurements
    .filter(({ scenario, connections }) => apiReads.has(scenario) && connections === TARGET_CONNECTIONS)
    .reduce<Measurement | undefined>((worst, m) => (!worst || m.latencyMs.p99 > worst.latencyMs.p99 ? m : worst), undefined)
  const windows = [...measurements, ...alternating.flatMap(({ windows: alternated }) => alternated)]
  const failures = windows.reduce((sum, { unexpected }) => sum + unexpected, 0)
  const p99 = `p99 < ${P99_LIMIT_MS} ms at ${TARGET_CONNECTIONS} connections, every /api read`
  return [
    ...CEILING_TARGETS.map((target) => ceilingTarget(target, measurements, alternating)),
    compare('/api/articles page 1 ≥ 3× the peer (/cms-api list)', 'articles-p1', 'peer-list', 3),
    compare('/api/articles page 2,000 ≥ 0.5× page 1', 'articles-p2000', 'articles-p1', 0.5),
    slowest
      ? { target: p99, holds: slowest.latencyMs.p99 < P99_LIMIT_MS, measured: `worst ${slowest.latencyMs.p99} ms (${slowest.scenario})` }
      : { target: p99, holds: null, measured: 'not measured' },
    ...rebuildTargets(rebuilds),
    searchP50(measurements),
    { target: 'zero errors (and every status as expected)', holds: failures === 0, measured: `${failures}` },
    { target: `service RSS < ${RSS_LIMIT_MB} MB`, holds: serviceRssMb < RSS_LIMIT_MB, measured: `peak ${serviceRssMb} MB` },
  ]
}

export const formatTargets = (checks: TargetCheck[]): string =>
  [
    '| target | holds | measured |',
    '| --- | --- | --- |',
    ...checks.map(({ target, holds, measured }) => line([target, holds === null ? '–' : holds ? 'yes' : '**no**', measured])),
  ].join('\n')
