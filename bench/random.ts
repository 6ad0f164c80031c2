/** A small seeded generator (mulberry32): the same seed gives the same site on every run. */
export type Random = {
  /** A float in [0, 1). */
  next: () => number
  /** A whole number from `min` to `max`, both included. */
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  /** `count` distinct items, in a random order. */
  sample: <T>(items: readonly T[], count: number) => T[]
  chance: (probability: number) => boolean
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    for (let index = pool.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1))
      ;[pool[index], pool[other]] = [pool[other]!, pool[index]!]
    }
    return pool.slice(0, count)
  }
  return { next, int, pick, sample, chance: (probability) => next() < probability }
}
