import type { PayloadRequest } from 'payload'

import { cacheBroadcastOf } from '../lib/coherence/cacheBroadcast'
import { whenCommitted } from '../lib/db/afterCommit'
import { cacheScopeOf, hiddenBeforeAndAfter, keepsPublicFields } from '../lib/publicFields'
import { publicCache } from '../lib/publicCache'

/** Tells the other processes on this database to clear theirs (lib/coherence), once the change is committed. */
const announceClear = async (db: object, scope: string | undefined): Promise<void> => {
  await cacheBroadcastOf(db)?.announce(scope)
}

const clearAgainCallbacks = new WeakMap<object, Map<string | undefined, () => Promise<void>>>()
/**
 * After a commit: this process's cache (or scope) cleared once more, then the other processes told. One function per
 * database and scope, so that a transaction writing many records runs it once.
 */
const clearAgainFor = (db: object, scope: string | undefined): (() => Promise<void>) => {
  let callbacks = clearAgainCallbacks.get(db)
  if (!callbacks) clearAgainCallbacks.set(db, (callbacks = new Map()))
  let clearAgain = callbacks.get(scope)
  if (!clearAgain) {
    clearAgain = async () => {
      publicCache.clear(scope)
      await announceClear(db, scope)
    }
    callbacks.set(scope, clearAgain)
  }
  return clearAgain
}

type ChangeArgs<Doc> = {
  doc: Doc
  req?: Partial<PayloadRequest>
  collection?: { custom?: Record<string, unknown> }
  operation?: string
  previousDoc?: Doc
}

/**
 * Any change to a record clears what anonymous visitors are served from the public cache (payloads, counts, answers),
 * in this process and, once committed, in every other process on the same database. An update that changes none of
 * the fields a collection declares public (lib/publicFields.ts: a user's password, session or reset token) does not,
 * nor a change to a record the public is shown neither before nor after (a wall message held or caught as spam).
 * A collection that declares a cache scope (wall messages) clears only the answers kept under it.
 * One function serves as a collection afterChange, afterDelete and a global afterChange hook.
 */
export const clearPublicCache = async <Doc>({ collection, doc, operation, previousDoc, req }: ChangeArgs<Doc>): Promise<Doc> => {
  if (operation === 'update' && keepsPublicFields(collection?.custom, previousDoc, doc)) return doc
  // Anyone may post a wall message: one held for moderation or caught as spam must not empty the cache for everyone.
  if (hiddenBeforeAndAfter(collection?.custom, previousDoc, doc)) return doc
  const scope = cacheScopeOf(collection?.custom)
  publicCache.clear(scope)
  const db = req?.payload?.db
  if (!db) return doc
  // Payload runs the hooks inside the write's transaction (Postgres): a read between this clear and the commit still
  // sees the old record and could cache it again. So the cache is cleared once more after the commit, and only then
  // are the other processes told (before it they would read the old record). Without a transaction, at once.
  if (!(await whenCommitted(req, clearAgainFor(db, scope)))) await announceClear(db, scope)
  return doc
}
