import { type CacheBroadcast, coalesced } from './cacheBroadcast'

/** How often a process reads the shared generation: a remote change shows within this (plus the read's time). */
export const GENERATION_POLL_MS = 250

/** A counter in the database that every clear increments and every process reads. */
export type GenerationStore = {
  read: () => Promise<number>
  /** Increments it; resolves with the new value. */
  bump: () => Promise<number>
}

type Logger = { info: (message: string) => void; warn: (object: object, message: string) => void }

const reasonOf = (error: unknown) => ({ reason: error instanceof Error ? error.message : String(error) })

/**
 * Coherence between the processes on one database: a clear increments a one-row generation, and
 * every process reads it every GENERATION_POLL_MS and clears its cache when it moved. Only content changes (the
 * ones that clear the cache) move it; counters never do. A process's own increment does not clear its cache again
 * when nobody else's came between (the returned value is the next one after what it had seen).
 */
export const startGenerationPoller = async (
  store: GenerationStore,
  onRemoteClear: () => void,
  logger: Logger,
  intervalMs = GENERATION_POLL_MS,
): Promise<CacheBroadcast> => {
  let seen = await store.read()
  let failing = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> = Promise.resolve()

  const poll = async () => {
    try {
      const current = await store.read()
      if (failing) {
        failing = false
        logger.info('cache coherence: the shared generation can be read again; public cache cleared')
        seen = current
        onRemoteClear()
      } else if (current !== seen) {
        seen = current
        onRemoteClear()
      }
    } catch (error) {
      if (!failing) logger.warn(reasonOf(error), 'cache coherence: cannot read the shared generation; retrying')
      failing = true
    }
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      polling = poll().finally(schedule)
    }, intervalMs)
    timer.unref()
  }
  schedule()

  const bump = coalesced(async () => {
    try {
      const next = await store.bump()
      if (next === seen + 1) seen = next
    } catch (error) {
      logger.warn(reasonOf(error), 'cache coherence: could not tell the other processes; they serve their cache until it expires')
    }
  })

  return {
    announce: bump.trigger,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await bump.settled()
      await polling
    },
  }
}
