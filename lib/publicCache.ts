import { LRUCache } from 'lru-cache'

/** Bytes (roughly) the cache may hold: what an entry's value weighs (a body its length), plus its key and upkeep. */
const MAX_WEIGHT = 64 * 1024 * 1024
const ENTRY_OVERHEAD = 200

/**
 * In-process cache of what anonymous visitors are served: assembled payloads (`home`, `skills`), list counts,
 * prepared responses by URL. Any change made through Payload clears all of it. Kept on globalThis: the admin UI's
 * Next bundle loads its own copy of the collection hooks, and its changes must clear the same cache the API reads.
 */
type PublicCache = {
  get: <T>(key: string) => T | undefined
  /** Keeps `value` until `expires` (a `Date.now()` time); past `MAX_WEIGHT`, the least recently used make room. */
  set: (key: string, value: unknown, expires: number, weight?: number) => void
  clear: () => void
  /** Increments on every clear: a value computed before a clear must not be stored after it. */
  generation: () => number
}

/** lru-cache keeps objects; a value is boxed so that any value (a number, a string) can be kept. */
type Box = { value: unknown }

const createCache = (maxWeight: number): PublicCache => {
  const entries = new LRUCache<string, Box>({ maxSize: maxWeight })
  let generation = 0
  return {
    get: <T>(key: string) => entries.get(key)?.value as T | undefined,
    set: (key, value, expires, valueWeight = 1) => {
      const ttl = expires - Date.now()
      if (ttl <= 0) return
      entries.set(key, { value }, { ttl, size: valueWeight + key.length + ENTRY_OVERHEAD })
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
  const generation = publicCache.generation()
  const running = inFlight.get(key)
  if (running && running.generation === generation) return running.promise as Promise<T>
  const promise = compute().then((value) => {
    if (publicCache.generation() === generation) publicCache.set(key, value, Date.now() + ttlSeconds * 1000, weigh(value))
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
