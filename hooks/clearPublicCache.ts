import type { DatabaseAdapter, PayloadRequest } from 'payload'

import { publicCache } from '../lib/publicCache'

type TransactionId = string | number

const KEY = Symbol.for('blog-portfolio.clearOnCommit')
const holder = globalThis as typeof globalThis & { [KEY]?: Set<TransactionId> }
/** Transactions whose changes cleared the cache: cleared once more when they commit. */
const clearOnCommit: Set<TransactionId> = (holder[KEY] ??= new Set())

/**
 * Any change to a record clears what anonymous visitors are served from the public cache (payloads, counts, answers).
 * One function serves as a collection afterChange, afterDelete and a global afterChange hook.
 */
export const clearPublicCache = async <Doc>({ doc, req }: { doc: Doc; req?: Partial<PayloadRequest> }): Promise<Doc> => {
  publicCache.clear()
  // Only a string or number names a transaction: without transactions (SQLite) Payload's dataloader leaves `{}`
  // there, which would never be committed and so never leave the set.
  const id: unknown = req?.transactionID === undefined ? undefined : await req.transactionID
  if (typeof id === 'string' || typeof id === 'number') clearOnCommit.add(id)
  return doc
}

/**
 * Payload runs the hooks inside the write's transaction (Postgres): a read between the hook's clear and the commit
 * still sees the old record and could cache it again. So a transaction that cleared the cache clears it once more
 * when it has committed.
 */
export const clearPublicCacheOnCommit = (db: DatabaseAdapter): void => {
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    await commit(id)
    if (clearOnCommit.delete(await id)) publicCache.clear()
  }
  db.rollbackTransaction = async (id) => {
    await rollback(id)
    clearOnCommit.delete(await id)
  }
}
