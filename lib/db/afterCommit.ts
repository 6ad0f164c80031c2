import type { DatabaseAdapter, PayloadRequest } from 'payload'

type TransactionId = string | number
type Callback = () => void | Promise<void>

// Versioned: a process that hot-reloads this module may still hold an earlier version's shape (an array per transaction).
const KEY = Symbol.for('blog-portfolio.afterCommit.v2')
const holder = globalThis as typeof globalThis & { [KEY]?: Map<TransactionId, Set<Callback>> }
/**
 * Callbacks waiting for their transaction to commit (dropped if it rolls back), in the order they came; a callback
 * given again in the same transaction (one per written record) runs once.
 */
const waiting: Map<TransactionId, Set<Callback>> = (holder[KEY] ??= new Map())

// What runs after a commit follows from it (clear a cache, tell other processes, wake the jobs runner): its failure
// must not fail the committed write.
const runSafely = async (callback: Callback): Promise<void> => {
  try {
    await callback()
  } catch {
    // (see above)
  }
}

/**
 * Runs `callback` once the transaction `req` belongs to commits (never if it rolls back) and answers true; answers
 * false, and does nothing, when `req` has no transaction: its write is committed already (SQLite here, MongoDB
 * without a replica set). Needs `runCallbacksOnCommit` on the adapter (the plugin's onInit).
 */
export const whenCommitted = async (req: Partial<PayloadRequest> | undefined, callback: Callback): Promise<boolean> => {
  const id: unknown = req?.transactionID === undefined ? undefined : await req.transactionID
  // Without transactions (SQLite here) Payload leaves a promise of null on the request, which its dataloader turns
  // into `{}` (a JSON round trip of the batch key) once a read populates a relation: only a string or number is one.
  if (typeof id !== 'string' && typeof id !== 'number') return false
  const callbacks = waiting.get(id)
  if (callbacks) callbacks.add(callback)
  else waiting.set(id, new Set([callback]))
  return true
}

/** Runs `callback` once the write `req` belongs to is committed: on the next turn when it has no transaction. */
export const afterCommit = async (req: Partial<PayloadRequest> | undefined, callback: Callback): Promise<void> => {
  if (!(await whenCommitted(req, callback))) setImmediate(() => void runSafely(callback))
}

/**
 * The one wrap of the adapter's commit and rollback: after a commit, its transaction's callbacks run one after
 * the other before the commit returns (so the write's answer leaves after them); a rollback forgets them.
 */
export const runCallbacksOnCommit = (db: DatabaseAdapter): void => {
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    await commit(id)
    const key = await id
    const callbacks = waiting.get(key)
    if (!callbacks) return
    waiting.delete(key)
    for (const callback of callbacks) await runSafely(callback)
  }
  db.rollbackTransaction = async (id) => {
    await rollback(id)
    waiting.delete(await id)
  }
}
