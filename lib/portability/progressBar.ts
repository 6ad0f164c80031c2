import cliProgress from 'cli-progress'

export type Progress = { update: (done: number, total: number, label: string) => void; stop: () => void }

/**
 * A progress bar on stderr when it is a terminal; nothing at all otherwise (tests, CI, a log file), so logs are
 * not filled with redraws.
 */
export const progressBar = (stream: NodeJS.WriteStream = process.stderr): Progress => {
  if (!stream.isTTY) return { update: () => {}, stop: () => {} }
  const bar = new cliProgress.SingleBar(
    { stream, format: '{bar} {value}/{total} {label}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    update: (done, total, label) => {
      if (!started) {
        bar.start(total, 0, { label: '' })
        started = true
      }
      bar.update(done, { label: label.length > 40 ? `…${label.slice(-39)}` : label })
    },
    stop: () => {
      if (started) bar.stop()
    },
  }
}
