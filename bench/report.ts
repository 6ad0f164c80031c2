import type { Measurement } from './load'
import type { Scenario } from './scenarios'

export type Ratios = { ceiling?: number; peer?: number }

export type TargetCheck = { target: string; holds: boolean | null; measured: string }

const TARGET_CONNECTIONS = 50

const find = (measurements: Measurement[], scenario: string | undefined, connections: number) =>
  measurements.find((measurement) => measurement.scenario === scenario && measurement.connections === connections)

const ratio = (value: Measurement | undefined, reference: Measurement | undefined) =>
  value && reference && reference.requestsPerSecond > 0 ? Math.round((value.requestsPerSecond / reference.requestsPerSecond) * 100) / 100 : undefined

/** Each measurement's req/s over its ceiling's and its peer's, at the same connection count. */
export const ratiosOf = (scenarios: Scenario[], measurements: Measurement[]): Map<Measurement, Ratios> =>
  new Map(
    measurements.map((measurement) => {
      const scenario = scenarios.find(({ name }) => name === measurement.scenario)
      return [
        measurement,
        {
          ceiling: ratio(measurement, find(measurements, scenario?.ceiling, measurement.connections)),
          peer: ratio(measurement, find(measurements, scenario?.peer, measurement.connections)),
        },
      ]
    }),
  )

const cell = (value: number | undefined, suffix = '') => (value === undefined ? '–' : `${value}${suffix}`)

/** The results as a Markdown table (readable in a terminal, pasted as is into bench/README.md). */
export const formatTable = (scenarios: Scenario[], measurements: Measurement[], withDatabaseCpu: boolean): string => {
  const ratios = ratiosOf(scenarios, measurements)
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'CPU %',
    ...(withDatabaseCpu ? ['db CPU %'] : []),
    'peak RSS MB',
    '× ceiling',
    '× peer',
    'other CPU %',
  ]
  const rows = measurements.map((measurement) => {
    const scenario = scenarios.find(({ name }) => name === measurement.scenario)
    const { ceiling, peer } = ratios.get(measurement) ?? {}
    return [
      scenario?.request ?? measurement.scenario,
      String(measurement.connections),
      String(measurement.requestsPerSecond),
      String(measurement.latencyMs.p50),
      String(measurement.latencyMs.p99),
      measurement.unexpected === measurement.errors ? String(measurement.errors) : `${measurement.errors} (${measurement.unexpected} unexpected)`,
      String(measurement.cpuPercent),
      ...(withDatabaseCpu ? [cell(measurement.dbCpuPercent)] : []),
      String(measurement.peakRssMb),
      cell(ceiling, '×'),
      cell(peer, '×'),
      String(measurement.otherCpuPercent),
    ]
  })
  const right = (index: number) => index > 0
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map((_, index) => (right(index) ? '---:' : '---'))), ...rows.map(line)].join('\n')
}

/** The targets of the issue, each checked against this run (null: not measured in this run). */
export const checkTargets = (scenarios: Scenario[], measurements: Measurement[], serviceRssMb: number): TargetCheck[] => {
  const at = (name: string, connections = TARGET_CONNECTIONS) => find(measurements, name, connections)
  const connectionCounts = [...new Set(measurements.map(({ connections }) => connections))]
  const compare = (target: string, name: string, reference: string, minimum: number, counts: number[]): TargetCheck => {
    const pairs = counts.map((connections) => ({ connections, value: ratio(at(name, connections), at(reference, connections)) }))
    const measured = pairs.filter((pair) => pair.value !== undefined)
    if (measured.length === 0) return { target, holds: null, measured: 'not measured' }
    return {
      target,
      holds: measured.every(({ value }) => value! >= minimum),
      measured: measured.map(({ connections, value }) => `${value}× at ${connections}`).join(', '),
    }
  }

  const apiReads = scenarios.filter(({ group }) => group === 'api').map(({ name }) => name)
  const atTarget = measurements.filter(({ scenario, connections }) => apiReads.includes(scenario) && connections === TARGET_CONNECTIONS)
  const slowest = atTarget.reduce<Measurement | undefined>((worst, m) => (!worst || m.latencyMs.p99 > worst.latencyMs.p99 ? m : worst), undefined)
  const failures = measurements.reduce((sum, { unexpected }) => sum + unexpected, 0)

  return [
    compare('/api/home cache hit ≥ 0.5× the ceiling (Buffer) at 50 connections', 'home', 'ceiling-home-buffer', 0.5, [TARGET_CONNECTIONS]),
    compare('/api/articles page 1 ≥ 3× the peer (/cms-api list)', 'articles-p1', 'peer-list', 3, connectionCounts),
    compare('/api/articles page 2,000 ≥ 0.5× page 1', 'articles-p2000', 'articles-p1', 0.5, connectionCounts),
    compare('/api/articles/:slug ≥ 1.5× the peer (/cms-api/articles/:id)', 'article-detail', 'peer-detail', 1.5, connectionCounts),
    slowest
      ? {
          target: 'p99 < 50 ms at 50 connections, every /api read',
          holds: slowest.latencyMs.p99 < 50,
          measured: `worst ${slowest.latencyMs.p99} ms (${slowest.scenario})`,
        }
      : { target: 'p99 < 50 ms at 50 connections, every /api read', holds: null, measured: 'not measured' },
    { target: 'zero errors (and every status as expected)', holds: failures === 0, measured: `${failures}` },
    { target: 'service RSS < 500 MB', holds: serviceRssMb < 500, measured: `peak ${serviceRssMb} MB` },
  ]
}

export const formatTargets = (checks: TargetCheck[]): string =>
  [
    '| target | holds | measured |',
    '| --- | --- | --- |',
    ...checks.map(({ target, holds, measured }) => `| ${target} | ${holds === null ? '–' : holds ? 'yes' : '**no**'} | ${measured} |`),
  ].join('\n')
