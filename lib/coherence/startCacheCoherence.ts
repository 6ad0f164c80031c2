import type { Payload } from 'payload'

import { sqlOf } from '../db/rawSql'
import { publicCache } from '../publicCache'
import { setCacheBroadcast } from './cacheBroadcast'
import { type GenerationStore, startGenerationPoller } from './generationPoller'
import { isMongoConnection, mongoGenerationStore } from './mongoGeneration'
import { sqlGenerationStore } from './sqlGeneration'

/** A clear announced by another process: this one clears too, without announcing it again. */
const clearFromElsewhere = () => publicCache.clear()

/** The generation every process on this database reads: a table on the SQL adapters, a document on MongoDB. */
const generationStoreOf = async (payload: Payload): Promise<GenerationStore | undefined> => {
  const sql = await sqlOf(payload)
  if (sql) return sqlGenerationStore(sql)
  const db: object = payload.db
  return 'connection' in db && isMongoConnection(db.connection) ? mongoGenerationStore(db.connection) : undefined
}

/**
 * Keeps the public cache of every process on this database coherent (plugin onInit): a content change committed by
 * any process clears every process's cache within a second. Stopped by closeDatabase.
 */
export const startCacheCoherence = async (payload: Payload): Promise<void> => {
  const store = await generationStoreOf(payload)
  if (store) setCacheBroadcast(payload.db, await startGenerationPoller(store, clearFromElsewhere, payload.logger))
  // (`logger` is missing only where a test calls onInit with a bare object)
  else payload.logger?.warn('cache coherence: this database adapter has no shared generation; other processes are not told of changes')
}
