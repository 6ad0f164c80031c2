import { LRUCache } from 'lru-cache'

/** Bytes (roughly) the cache may hold: what an entry's value weighs (a body its length), plus its key and upkeep. */
const MAX_WEIGHT = 64 * 1024 * 1024
const ENTRY_OVERHEAD = 200

/**
 * A key kept under a scope: a change that concerns only that scope (a wall message) clears the scope's entries and
 * leaves the rest (home, articles, feeds) cached.
 */
export const scopedKey = (scope: string, key: string): string => `${scope}\0${key}`

const scopeOf = (key: string): string | undefined => {
  const end = key.indexOf('\0')
  return end < 0 ? undefined : key.slice(0, end)
}

/**
 * In-process cache of what anonymous visitors are served: assembled payloads (`home`, `skills`), list counts,
 * prepared responses by URL. A change made through Payload clears all of it, or only its scope (`scopedKey`). Kept on
 * globalThis: the admin UI's Next bundle loads its own copy of the collection hooks, and its changes must clear the
 * same cache the API reads.
 */
type PublicCache = {
  get: <T>(key: string) => T | undefined
  /** Keeps `value` until `expires` (a `Date.now()` time); past `MAX_WEIGHT`, the least recently used make room. */
  set: (key: string, value: unknown, expires: number, weight?: number) => void
  /** Empties the cache; given a scope, only the entries kept under it. */
  clear: (scope?: string) => void
  /**
   * Increments on every clear that reaches a scope's entries (every clear, without a scope): a value computed before
   * such a clear must not be stored after it.
   */
  generation: (scope?: string) => number
}

/** lru-cache keeps objects; a value is boxed so that any value (a number, a string) can be kept. */
type Box = { value: unknown }

const createCache = (maxWeight: number): PublicCache => {
  const entries = new LRUCache<string, Box>({ maxSize: maxWeight })
  let generation = 0
  const scopeGenerations = new Map<string, number>()
  return {
    get: <T>(key: string) => entries.get(key)?.value as T | undefined,
    set: (key, value, expires, valueWeight = 1) => {
      const ttl = expires - Date.now()
      if (ttl <= 0) return
      entries.set(key, { value }, { ttl, size: valueWeight + key.length + ENTRY_OVERHEAD })
    },
    clear: (scope) => {
      if (scope === undefined) {
        generation++
        entries.clear()
        return
      }
      scopeGenerations.set(scope, (scopeGenerations.get(scope) ?? 0) + 1)
      const prefix = scopedKey(scope, '')
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key)
    },
    generation: (scope) => generation + (scope === undefined ? 0 : (scopeGenerations.get(scope) ?? 0)),
  }
}

const KEY = Symbol.for('blog-portfolio.publicCache')
const holder = globalThis as typeof globalThis & { [KEY]?: PublicCache }

export const publicCache: PublicCache = (holder[KEY] ??= createCache(MAX_WEIGHT))

const inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>()

/**
 * Computes a value the cache does not hold and caches it for `ttlSeconds` unless the cache was cleared meanwhile.
 * Concurrent misses share one computation, so an expired entry under load costs one rebuild, not one per request.
 * `weigh` says what a value weighs against the cache's size limit (1 by default).
 */
export const computeOnce = async <T>(
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  weigh: (value: T) => number = () => 1,
): Promise<T> => {
  const scope = scopeOf(key)
  const generation = publicCache.generation(scope)
  const running = inFlight.get(key)
  if (running && running.generation === generation) return running.promise as Promise<T>
  const promise = compute().then((value) => {
    if (publicCache.generation(scope) === generation) publicCache.set(key, value, Date.now() + ttlSeconds * 1000, weigh(value))
    return value
  })
  inFlight.set(key, { generation, promise })
  try {
    return await promise
  } finally {
    if (inFlight.get(key)?.promise === promise) inFlight.delete(key)
  }
}

/** The cached value, or `computeOnce`'s. */
export const cached = async <T>(
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  weigh?: (value: T) => number,
): Promise<T> => {
  const hit = publicCache.get<T>(key)
  return hit !== undefined ? hit : computeOnce(key, ttlSeconds, compute, weigh)
}
