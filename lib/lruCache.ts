/**
 * A map that forgets its least recently used entries once it holds more than `maxWeight` (each entry weighs what
 * `weigh` says, 1 by default). For memoising pure functions of their input: it never needs clearing.
 */
export const createLruCache = <K, V>(maxWeight: number, weigh: (key: K, value: V) => number = () => 1) => {
  const entries = new Map<K, { value: V; weight: number }>()
  let total = 0
  return {
    get: (key: K): V | undefined => {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set: (key: K, value: V): void => {
      const weight = weigh(key, value)
      if (weight > maxWeight) return
      const previous = entries.get(key)
      if (previous) {
        total -= previous.weight
        entries.delete(key)
      }
      entries.set(key, { value, weight })
      total += weight
      for (const [oldest, entry] of entries) {
        if (total <= maxWeight) break
        entries.delete(oldest)
        total -= entry.weight
      }
    },
    get size() {
      return entries.size
    },
  }
}
