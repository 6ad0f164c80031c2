import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process'

type Cleanup = { name: string; run: () => Promise<void> | void; runNow: () => void }

const cleanups: Cleanup[] = []

/**
 * Registers something to stop when the benchmark ends, fails or is interrupted: `run` for an orderly stop, `runNow`
 * for the last moment of the process (synchronous only). Returns a function that stops it now and unregisters it.
 */
export const onCleanup = (name: string, run: () => Promise<void> | void, runNow: () => void = () => {}) => {
  const entry: Cleanup = { name, run, runNow }
  cleanups.push(entry)
  return async () => {
    const index = cleanups.indexOf(entry)
    if (index === -1) return
    cleanups.splice(index, 1)
    await entry.run()
  }
}

/** Stops everything still registered, newest first; a failure to stop one thing does not keep the others running. */
export const cleanupAll = async (): Promise<void> => {
  for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
    try {
      await entry.run()
    } catch (error) {
      process.stderr.write(`could not stop ${entry.name}: ${error instanceof Error ? error.message : String(error)}\n`)
    }
  }
}

/** On SIGINT/SIGTERM: stop everything, then exit 130. On any exit: kill whatever is somehow still running. */
export const installSignalHandlers = (): void => {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`\n${signal}: stopping everything the benchmark started\n`)
    void cleanupAll().finally(() => process.exit(130))
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('exit', () => {
    for (const entry of cleanups.splice(0).reverse()) {
      try {
        entry.runNow()
      } catch {
        // the process is ending; nothing more can be done
      }
    }
  })
}

const STOP_GRACE_MS = 10_000

/** Sends SIGTERM and waits for the exit; SIGKILL after the grace period. */
export const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })

/** Spawns a process that is stopped by cleanupAll (or killed at exit) unless it was stopped before. */
export const spawnTracked = (name: string, command: string, args: string[], options: SpawnOptions) => {
  const child = spawn(command, args, options)
  const stop = onCleanup(
    name,
    () => stopChild(child),
    () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  )
  return { child, stop }
}
