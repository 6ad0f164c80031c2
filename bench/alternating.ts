// The ratio targets decided on alternating windows: ceiling, scenario, ceiling, scenario, ..., ceiling. This machine's
// speed moves by more than the targets' margins within a minute (the same ceiling measured 22,000 and 43,000 req/s in
// one run), so a scenario is divided by the mean of the two ceiling windows around it, and the median of those ratios
// decides the target.
import { type LoadTarget, type Measurement, measure } from './load'
import type { Scenario } from './scenarios'

export type AlternatingRatio = {
  scenario: string; ceiling: string; connections: number
  /** req/s of each window, in the order they ran: ceiling windows are one more than the scenario's. */
  ceilingRates: number[]; scenarioRates: number[]
  ratios: number[]; median: number
  /** Every window's measurement, for the error count. */
  windows: Measurement[]
}

const round2 = (value: number) => Math.round(value * 100) / 100
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

type Side = { scenario: Scenario; target: LoadTarget }

export const measureAlternating = async (
  tested: Side, ceiling: Side, connections: number, seconds: number, warmupSeconds: number, rounds: number,
): Promise<AlternatingRatio> => {
  const windows: Measurement[] = []
  const run = async ({ scenario, target }: Side) => {
    const measurement = await measure(target, scenario, connections, seconds, warmupSeconds)
    windows.push(measurement)
    return measurement.requestsPerSecond
  }
  const ceilingRates = [await run(ceiling)]
  const scenarioRates: number[] = []
  for (let round = 0; round < rounds; round++) {
    scenarioRates.push(await run(tested))
    ceilingRates.push(await run(ceiling))
  }
  const ratios = scenarioRates.map((rate, index) => round2(rate / ((ceilingRates[index]! + ceilingRates[index + 1]!) / 2)))
  return { scenario: tested.scenario.name, ceiling: ceiling.scenario.name, connections, ceilingRates, scenarioRates, ratios, median: median(ratios), windows }
}

export const formatAlternating = (results: AlternatingRatio[]): string =>
  [
    '| scenario | over | conns | ceiling req/s | scenario req/s | ratios | median |',
    '| --- | --- | ---: | --- | --- | --- | ---: |',
    ...results.map(({ scenario, ceiling, connections, ceilingRates, scenarioRates, ratios, median: middle }) =>
      `| ${scenario} | ${ceiling} | ${connections} | ${ceilingRates.join(', ')} | ${scenarioRates.join(', ')} | ${ratios.map((r) => `${r}×`).join(', ')} | ${middle}× |`,
    ),
  ].join('\n')
