import { Presets, SingleBar } from 'cli-progress'

/** The seeding progress bar: one bar over every record, labelled with what is being written. */
export type Progress = {
  phase: (name: string) => void
  add: (records: number) => void
  stop: () => void
}

/** On a terminal the bar redraws in place; otherwise (CI, a log file) a line is printed every 10 seconds. */
export const createProgress = (total: number): Progress => {
  const bar = new SingleBar(
    {
      format: 'seeding [{bar}] {percentage}% | {value}/{total} | {phase} | {duration_formatted} elapsed, eta {eta_formatted}',
      etaBuffer: 200,
      fps: 5,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
      hideCursor: true,
    },
    Presets.shades_classic,
  )
  let value = 0
  let phase = 'starting'
  bar.start(total, 0, { phase })
  return {
    phase: (name) => {
      phase = name
      bar.update(value, { phase })
    },
    add: (records) => {
      value += records
      bar.update(value, { phase })
    },
    stop: () => bar.stop(),
  }
}
