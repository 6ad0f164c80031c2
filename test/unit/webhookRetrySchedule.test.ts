import { describe, expect, it } from 'vitest'

import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, maxAttempts, retryDelay } from '../../lib/webhooks/retrySchedule'

const HOUR = 3_600_000

describe('the webhook retry schedule', () => {
  it("is API.md's: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h and 8 h, eleven attempts over about 24 h", () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS).toEqual([5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800].map((s) => s * 1000))
    expect(maxAttempts(DEFAULT_WEBHOOK_RETRY_DELAYS_MS)).toBe(11)
    const total = DEFAULT_WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)
    expect(total / HOUR).toBeCloseTo(23.71, 2)
  })

  it('gives the delay after each failed attempt, exactly in the middle of its jitter', () => {
    const middle = () => 0.5
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS.map((_, index) => retryDelay(index + 1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle))).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_MS)
  })

  it('varies each delay by at most ±20%', () => {
    expect(retryDelay(1, [5000], () => 0)).toBe(4000)
    expect(retryDelay(1, [5000], () => 0.999_999)).toBe(6000)
    for (let i = 0; i < 1000; i++) {
      const delay = retryDelay(3, DEFAULT_WEBHOOK_RETRY_DELAYS_MS)!
      expect(delay).toBeGreaterThanOrEqual(96_000)
      expect(delay).toBeLessThanOrEqual(144_000)
    }
    const samples = Array.from({ length: 2000 }, () => retryDelay(1, [1000])!)
    // Spread over the whole range, not bunched at one end.
    expect(Math.min(...samples)).toBeLessThan(820)
    expect(Math.max(...samples)).toBeGreaterThan(1180)
  })

  it('has no delay after the last attempt', () => {
    expect(retryDelay(11, DEFAULT_WEBHOOK_RETRY_DELAYS_MS)).toBeUndefined()
    expect(retryDelay(3, [100, 200])).toBeUndefined()
    expect(retryDelay(0, [100, 200])).toBeUndefined()
  })
})
