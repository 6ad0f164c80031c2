import type { Payload } from 'payload'

import { prepareSharedRateLimits } from './sharedRateLimits'
import { startCacheCoherence } from './startCacheCoherence'

/**
 * What several processes on one database share through it (plugin onInit): cache clears and rate limits.
 * closeDatabase stops the cache broadcast.
 */
export const startSharedState = async (payload: Payload): Promise<void> => {
  await startCacheCoherence(payload)
  await prepareSharedRateLimits(payload)
}
