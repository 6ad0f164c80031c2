/**
 * How one process tells the others sharing its database that it cleared its public cache (after a content change
 * committed), and hears theirs. One per database adapter, found through `payload.db`: the admin UI's Next bundle
 * loads its own copy of the hooks, so the registry is kept on globalThis like the cache itself.
 */
export type CacheBroadcast = {
  /**
   * Tells the other processes to clear their cache, or only `scope` of it; calls within one turn of the event loop
   * send one message per scope. Resolves once it is sent (never rejects: a failure is logged), so an editor's answer
   * comes after the other processes were told.
   */
  announce: (scope?: string) => Promise<void>
  /** Stops listening and closes what it opened. */
  stop: () => Promise<void>
}

const KEY = Symbol.for('blog-portfolio.cacheBroadcasts')
const holder = globalThis as typeof globalThis & { [KEY]?: WeakMap<object, CacheBroadcast> }
const broadcasts: WeakMap<object, CacheBroadcast> = (holder[KEY] ??= new WeakMap())

export const setCacheBroadcast = (db: object, broadcast: CacheBroadcast): void => {
  broadcasts.set(db, broadcast)
}

export const cacheBroadcastOf = (db: object): CacheBroadcast | undefined => broadcasts.get(db)

/** Stops the database's broadcast, if it has one, and forgets it. */
export const stopCacheBroadcast = async (db: object): Promise<void> => {
  const broadcast = broadcasts.get(db)
  broadcasts.delete(db)
  await broadcast?.stop()
}

/**
 * Wraps `send` so that any number of calls within one turn of the event loop send once; each call resolves when that
 * send is done. `settled` resolves when what was asked so far has been sent: a process that stops right after its
 * last change still tells the others.
 */
export const coalesced = (send: () => Promise<void>): { trigger: () => Promise<void>; settled: () => Promise<void> } => {
  let pending: Promise<void> | undefined
  return {
    trigger: () => {
      pending ??= new Promise((resolve) => setImmediate(resolve)).then(() => {
        pending = undefined
        return send()
      })
      return pending
    },
    settled: async () => {
      while (pending) await pending
    },
  }
}
