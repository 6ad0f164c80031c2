export type RestartLimit = {
  /** Unexpected worker deaths tolerated within `windowMs`; one more and the primary gives up. */
  deaths: number
  windowMs: number
}

/** Five deaths in a minute: a crash on every request or a lost database, which new workers would not fix. */
export const DEFAULT_RESTART_LIMIT: RestartLimit = { deaths: 5, windowMs: 60_000 }

/**
 * Counts unexpected worker deaths in a sliding window. `allowsRestart()` records one death and says whether a
 * replacement should be forked, so a worker that crashes as soon as it starts cannot fork forever.
 */
export const createRestartGuard = ({ deaths, windowMs }: RestartLimit, now: () => number = Date.now) => {
  let recent: number[] = []
  return {
    allowsRestart: (): boolean => {
      const at = now()
      recent = [...recent.filter((time) => at - time < windowMs), at]
      return recent.length <= deaths
    },
  }
}
