import { type CacheBroadcast, coalesced } from './cacheBroadcast'

/** How often a process reads the shared generations: a remote change shows within this (plus the read's time). */
export const GENERATION_POLL_MS = 250

/** The scope under which a clear of the whole cache is counted. */
export const WHOLE_CACHE = '*'

/** Counters in the database, one per cache scope (WHOLE_CACHE for whole clears), that clears increment and every process reads. */
export type GenerationStore = {
  /** Every scope's counter; a scope never bumped may be missing (0). */
  read: () => Promise<Map<string, number>>
  /** Increments the scope's counter; resolves with the new value. */
  bump: (scope: string) => Promise<number>
}

type Logger = { info: (message: string) => void; warn: (object: object, message: string) => void }

const reasonOf = (error: unknown) => ({ reason: error instanceof Error ? error.message : String(error) })

/** The scopes whose counters differ between two reads (WHOLE_CACHE among them: a whole clear). */
const movedScopes = (before: Map<string, number>, after: Map<string, number>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((scope) => (before.get(scope) ?? 0) !== (after.get(scope) ?? 0))

/**
 * Coherence between the processes on one database: a clear increments its scope's generation, and every process
 * reads them every GENERATION_POLL_MS and clears what moved (`onRemoteClear(undefined)`: everything). Only content
 * changes (the ones that clear the cache) move them; counters never do. A process's own increment does not clear its
 * cache again when nobody else's came between (the returned value is the next one after what it had seen).
 */
export const startGenerationPoller = async (
  store: GenerationStore,
  onRemoteClear: (scope: string | undefined) => void,
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
      const moved = movedScopes(seen, current)
      seen = current
      if (failing) {
        failing = false
        logger.info('cache coherence: the shared generation can be read again; public cache cleared')
        onRemoteClear(undefined)
      } else if (moved.includes(WHOLE_CACHE)) onRemoteClear(undefined)
      else for (const scope of moved) onRemoteClear(scope)
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

  const bumps = new Map<string, ReturnType<typeof coalesced>>()
  const bumpOf = (scope: string) => {
    let bump = bumps.get(scope)
    if (!bump) {
      bump = coalesced(async () => {
        try {
          const next = await store.bump(scope)
          if (next === (seen.get(scope) ?? 0) + 1) seen.set(scope, next)
        } catch (error) {
          logger.warn(reasonOf(error), 'cache coherence: could not tell the other processes; they serve their cache until it expires')
        }
      })
      bumps.set(scope, bump)
    }
    return bump
  }

  return {
    announce: (scope) => bumpOf(scope ?? WHOLE_CACHE).trigger(),
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await Promise.all([...bumps.values()].map((bump) => bump.settled()))
      await polling
    },
  }
}
