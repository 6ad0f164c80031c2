export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Sliding-window limit per key (a client IP): at most `limit` hits in any `windowMs`. Every hit counts, allowed or
 * not. Memory stays bounded: a key's old hits are dropped on its next hit, and idle keys are swept periodically.
 */
export const createRateLimiter = (limit: number, windowMs: number, now: () => number = Date.now) => {
  const hits = new Map<string, number[]>()
  let lastSweep = now()

  const sweep = (time: number) => {
    if (time - lastSweep < windowMs) return
    lastSweep = time
    for (const [key, times] of hits) if (times[times.length - 1]! <= time - windowMs) hits.delete(key)
  }

  return {
    hit(key: string): RateDecision {
      const time = now()
      sweep(time)
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs)
      recent.push(time)
      hits.set(key, recent)
      if (recent.length <= limit) return { allowed: true }
      const oldestCounted = recent[recent.length - limit - 1]!
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldestCounted + windowMs - time) / 1000)) }
    },
  }
}
