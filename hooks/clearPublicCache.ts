import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { publicCache } from '../lib/publicCache'

const clear = (log: { warn: (message: string) => void }) => {
  try {
    publicCache.clear()
  } catch (error) {
    log.warn(`could not clear the public cache: ${String(error)}`)
  }
}

/** Any change to a record the cached payloads show (home, skills) clears them, whichever door it came through. */
export const clearPublicCacheAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  clear(req.payload.logger)
  return doc
}

export const clearPublicCacheAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  clear(req.payload.logger)
  return doc
}

export const clearPublicCacheAfterGlobalChange: GlobalAfterChangeHook = ({ doc, req }) => {
  clear(req.payload.logger)
  return doc
}
