import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'

/** Bytes (roughly) the cache may hold: what an entry's value weighs (a body its length), plus its key and upkeep. */
const MAX_WEIGHT = 64 * 1024 * 1024
/** Bytes each scope may hold besides. */
const SCOPE_MAX_WEIGHT = 4 * 1024 * 1024
const ENTRY_OVERHEAD = 200

/**
 * Keys longer than this are kept as their digest. A key may hold what a caller sent (an article's address): 16 KB
 * ones would let a few thousand made-up addresses, each a cached miss, push every other answer out of the cache.
 */
const MAX_KEY_LENGTH = 256
const storedKey = (key: string) => (key.length <= MAX_KEY_LENGTH ? key : `#${createHash('sha256').update(key).digest('base64url')}`)

/**
 * In-process cache of what anonymous visitors are served: assembled payloads (`home`, `skills`), list counts,
 * prepared responses. A change made through Payload clears all of it, or, for a collection that declares a scope
 * (lib/publicFields.ts), only the entries kept under that scope (wall messages: the wall's answers). Kept on
 * globalThis: the admin UI's Next bundle loads its own copy of the collection hooks, and its changes must clear the
 * same cache the API reads.
 */
type PublicCache = {
  get: <T>(key: string, scope?: string) => T | undefined
  /** Keeps `value` until `expires` (a `Date.now()` time); past the weight limit, the least recently used make room. */
  set: (key: string, value: unknown, expires: number, weight?: number, scope?: string) => void
  /** Empties the cache; given a scope, only that scope. */
  clear: (scope?: string) => void
  /**
   * Increments on every clear that reaches a scope's entries (every clear, without a scope): a value computed before
   * such a clear must not be stored after it.
   */
  generation: (scope?: string) => number
}

/** lru-cache keeps objects; a value is boxed so that any value (a number, a string) can be kept. */
type Box = { value: unknown }

const createCache = (maxWeight: number, scopeMaxWeight: number): PublicCache => {
  const lru = (maxSize: number) => new LRUCache<string, Box>({ maxSize })
  // A clear starts a new LRU rather than emptying the old one, which walks every entry (50-60 ms for 220,000 small
  // answers); each scope has an LRU of its own, so clearing it leaves the rest alone.
  let unscoped = lru(maxWeight)
  const scoped = new Map<string, LRUCache<string, Box>>()
  let generation = 0
  const scopeGenerations = new Map<string, number>()
  const entriesOf = (scope: string | undefined) => {
    if (scope === undefined) return unscoped
    let entries = scoped.get(scope)
    if (!entries) scoped.set(scope, (entries = lru(scopeMaxWeight)))
    return entries
  }
  return {
    get: <T>(key: string, scope?: string) => entriesOf(scope).get(storedKey(key))?.value as T | undefined,
    set: (key, value, expires, valueWeight = 1, scope) => {
      const ttl = expires - Date.now()
      if (ttl <= 0) return
      const stored = storedKey(key)
      entriesOf(scope).set(stored, { value }, { ttl, size: valueWeight + stored.length + ENTRY_OVERHEAD })
    },
    clear: (scope) => {
      if (scope === undefined) {
        generation++
        unscoped = lru(maxWeight)
        scoped.clear()
        return
      }
      scopeGenerations.set(scope, (scopeGenerations.get(scope) ?? 0) + 1)
      scoped.delete(scope)
    },
    generation: (scope) => generation + (scope === undefined ? 0 : (scopeGenerations.get(scope) ?? 0)),
  }
}

// Versioned: a process that hot-reloads this module may still hold an earlier version's shape.
const KEY = Symbol.for('blog-portfolio.publicCache.v2')
const holder = globalThis as typeof globalThis & { [KEY]?: PublicCache }

export const publicCache: PublicCache = (holder[KEY] ??= createCache(MAX_WEIGHT, SCOPE_MAX_WEIGHT))

const inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>()

/**
 * Computes a value the cache does not hold and caches it for `ttlSeconds` unless the cache was cleared meanwhile.
 * Concurrent misses share one computation, so an expired entry under load costs one rebuild, not one per request.
 * `weigh` says what a value weighs against the cache's size limit (1 by default); `scope`, where it is kept.
 */
export const computeOnce = async <T>(
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  weigh: (value: T) => number = () => 1,
  scope?: string,
): Promise<T> => {
  const generation = publicCache.generation(scope)
  const running = inFlight.get(key)
  if (running && running.generation === generation) return running.promise as Promise<T>
  const promise = compute().then((value) => {
    if (publicCache.generation(scope) === generation) publicCache.set(key, value, Date.now() + ttlSeconds * 1000, weigh(value), scope)
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
