/** API.md's retry schedule: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h and 8 h (23 h 42 min in all). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800].map((seconds) => seconds * 1000)

/** Each retry delay is varied by up to this share either way, so receivers that failed together are not retried together. */
export const RETRY_JITTER = 0.2

/**
 * Milliseconds to wait after failed attempt number `attempt` (1 = the first send) before the next one, or
 * `undefined` when it was the last: `delays[attempt - 1]` ±20% (uniformly). With API.md's ten delays a delivery gets
 * eleven attempts over about 24 hours (23 h 42 min before jitter).
 */
export const retryDelay = (attempt: number, delays: readonly number[], random: () => number = Math.random): number | undefined => {
  const base = delays[attempt - 1]
  if (base === undefined || attempt < 1) return undefined
  return Math.round(base * (1 + (random() * 2 - 1) * RETRY_JITTER))
}

/** How many attempts a delivery gets in all: the first send and one retry per delay. */
export const maxAttempts = (delays: readonly number[]): number => delays.length + 1
