import type { DatabaseAdapter, PayloadRequest } from 'payload'

import { cacheBroadcastOf } from '../lib/coherence/cacheBroadcast'
import { keepsPublicFields } from '../lib/publicFields'
import { publicCache } from '../lib/publicCache'

type TransactionId = string | number

const KEY = Symbol.for('blog-portfolio.clearOnCommit')
const holder = globalThis as typeof globalThis & { [KEY]?: Set<TransactionId> }
/** Transactions whose changes cleared the cache: cleared once more when they commit. */
const clearOnCommit: Set<TransactionId> = (holder[KEY] ??= new Set())

/** Tells the other processes on this database to clear theirs (lib/coherence), once the change is committed. */
const announceClear = async (db: object | undefined): Promise<void> => {
  if (db) await cacheBroadcastOf(db)?.announce()
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
 * the fields a collection declares public (lib/publicFields.ts: a user's password, session or reset token) does not.
 * One function serves as a collection afterChange, afterDelete and a global afterChange hook.
 */
export const clearPublicCache = async <Doc>({ collection, doc, operation, previousDoc, req }: ChangeArgs<Doc>): Promise<Doc> => {
  if (operation === 'update' && keepsPublicFields(collection?.custom, previousDoc, doc)) return doc
  publicCache.clear()
  // Only a string or number names a transaction: without transactions (SQLite) Payload's dataloader leaves `{}`
  // there, which would never be committed and so never leave the set. Without one, the write is committed already.
  const id: unknown = req?.transactionID === undefined ? undefined : await req.transactionID
  if (typeof id === 'string' || typeof id === 'number') clearOnCommit.add(id)
  else await announceClear(req?.payload?.db)
  return doc
}

/**
 * Payload runs the hooks inside the write's transaction (Postgres): a read between the hook's clear and the commit
 * still sees the old record and could cache it again. So a transaction that cleared the cache clears it once more
 * when it has committed, and only then tells the other processes (before the commit they would read the old record).
 */
export const clearPublicCacheOnCommit = (db: DatabaseAdapter): void => {
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    await commit(id)
    if (!clearOnCommit.delete(await id)) return
    publicCache.clear()
    await announceClear(db)
  }
  db.rollbackTransaction = async (id) => {
    await rollback(id)
    clearOnCommit.delete(await id)
  }
}
