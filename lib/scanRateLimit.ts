import type { PayloadRequest, SanitizedConfig } from 'payload'

import { clientIpOf } from './clientIp'
import { limiterFactoryOf } from './coherence/sharedRateLimits'
import { oncePerService, rateLimited } from './payloadRouteLimits'
import { rateLimitKeyOf } from './rateLimitKey'
import { takePoint } from './rateLimits'

/** Where the plugin keeps its `scanRateLimit` option in Payload's config. */
export const SCAN_RATE_LIMIT_KEY = 'blogPortfolioScanRateLimit'

const DEFAULT_SCAN_RATE_LIMIT = 60

export const SCAN_LIMITED_MESSAGE = 'Too many queries that filter by text or by a field without an index; try again later'

/** The per-minute budget the plugin put in `config.custom`, or the default; 0 turns the limit off. */
const scanRateLimitOf = (config: Pick<SanitizedConfig, 'custom'>): number => {
  const limit: unknown = config.custom?.[SCAN_RATE_LIMIT_KEY]
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : DEFAULT_SCAN_RATE_LIMIT
}

const limiterOf = oncePerService((payload) => {
  const perMinute = scanRateLimitOf(payload.config)
  if (perMinute === 0) return null
  // Past its budget a client is refused from memory for the rest of its minute: a flood costs the store nothing more.
  return limiterFactoryOf(payload)({ keyPrefix: 'cms-scan-ip', points: perMinute, duration: 60, inMemoryBlockOnConsumed: perMinute + 1 })
})

/**
 * Counts a query that reads every document of a collection (hooks/boundExternalQueries.ts decides which) against
 * its client's address, by /64 for IPv6, in the shared limits store: each costs 30-90 ms on 10,000 articles, so a
 * stream of them from one client would keep a process busy. Past the budget, a 429 with Retry-After. A request no
 * host marked with its address counts as the client 'unknown', as the login throttle does.
 */
export const limitScans = async (req: PayloadRequest): Promise<void> => {
  const limiter = limiterOf(req.payload)
  const ip = limiter && clientIpOf(req)
  if (!limiter || !ip) return
  const decision = await takePoint(limiter, rateLimitKeyOf(ip))
  if (!decision.allowed) throw rateLimited(req, SCAN_LIMITED_MESSAGE, decision.retryAfterSeconds)
}
