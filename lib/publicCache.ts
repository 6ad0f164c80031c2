type Entry = { value: unknown; expires: number }

/**
 * In-process cache of assembled public payloads (`home`, `skills`). Kept on globalThis: the admin UI's Next bundle
 * loads its own copy of the collection hooks, and its changes must clear the same cache the API reads.
 */
type PublicCache = {
  get: <T>(key: string) => T | undefined
  set: (key: string, value: unknown, ttlSeconds: number) => void
  clear: () => void
  /** Increments on every clear: a value computed before a clear must not be stored after it. */
  generation: () => number
}

const createCache = (): PublicCache => {
  const entries = new Map<string, Entry>()
  let generation = 0
  return {
    get: <T>(key: string) => {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= Date.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value as T
    },
    set: (key, value, ttlSeconds) => {
      if (ttlSeconds > 0) entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 })
    },
    clear: () => {
      generation++
      entries.clear()
    },
    generation: () => generation,
  }
}

const KEY = Symbol.for('blog-portfolio.publicCache')
const holder = globalThis as typeof globalThis & { [KEY]?: PublicCache }

export const publicCache: PublicCache = (holder[KEY] ??= createCache())

const inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>()

/**
 * Returns the cached value, or computes it and caches it unless the cache was cleared meanwhile. Concurrent misses
 * share one computation, so an expired entry under load costs one rebuild, not one per request.
 */
export const cached = async <T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> => {
  const hit = publicCache.get<T>(key)
  if (hit !== undefined) return hit
  const generation = publicCache.generation()
  const running = inFlight.get(key)
  if (running && running.generation === generation) return running.promise as Promise<T>
  const promise = compute().then((value) => {
    if (publicCache.generation() === generation) publicCache.set(key, value, ttlSeconds)
    return value
  })
  inFlight.set(key, { generation, promise })
  try {
    return await promise
  } finally {
    if (inFlight.get(key)?.promise === promise) inFlight.delete(key)
  }
}
