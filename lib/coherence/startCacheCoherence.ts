import type { Payload } from 'payload'

import { sqlOf } from '../db/rawSql'
import { publicCache } from '../publicCache'
import { type CacheBroadcast, setCacheBroadcast } from './cacheBroadcast'
import { startGenerationPoller } from './generationPoller'
import { isMongoConnection, mongoGenerationStore } from './mongoGeneration'
import { sqlGenerationStore } from './sqlGeneration'

/** A clear (of the whole cache, or of a scope) announced by another process: this one clears too, without announcing it again. */
const clearFromElsewhere = (scope: string | undefined) => publicCache.clear(scope)

const broadcastFor = async (payload: Payload): Promise<CacheBroadcast | undefined> => {
  const db: object = payload.db
  const sql = await sqlOf(payload)
  if (sql) return startGenerationPoller(await sqlGenerationStore(sql), clearFromElsewhere, payload.logger)
  if ('connection' in db && isMongoConnection(db.connection)) {
    const store = mongoGenerationStore(db.connection)
    if (store) return startGenerationPoller(store, clearFromElsewhere, payload.logger)
  }
  return undefined
}

/**
 * Keeps the public cache of every process on this database coherent (plugin onInit): a content change committed by
 * any process clears every process's cache within a second. Stopped by closeDatabase.
 */
export const startCacheCoherence = async (payload: Payload): Promise<void> => {
  const broadcast = await broadcastFor(payload)
  if (broadcast) setCacheBroadcast(payload.db, broadcast)
  // (`logger` is missing only where a test calls onInit with a bare object)
  else payload.logger?.warn('cache coherence: this database adapter has no shared generation; other processes are not told of changes')
}
