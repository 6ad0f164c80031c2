import type { DatabaseAdapter, PayloadRequest } from 'payload'

type TransactionId = string | number
type Callback = () => void

const KEY = Symbol.for('blog-portfolio.afterCommit')
const holder = globalThis as typeof globalThis & { [KEY]?: Map<TransactionId, Callback[]> }
/** Callbacks waiting for their transaction to commit (dropped if it rolls back). */
const waiting: Map<TransactionId, Callback[]> = (holder[KEY] ??= new Map())

const runSafely = (callback: Callback) => {
  try {
    callback()
  } catch {
    // A callback after a commit is a nudge (wake the jobs runner): its failure must not fail the committed write.
  }
}

/**
 * Runs `callback` once the write `req` belongs to is committed: at once (on the next turn) when `req` has no
 * transaction (SQLite here, MongoDB without a replica set: each write is already committed), never if it rolls back.
 * Needs `runCallbacksOnCommit` on the adapter (the plugin's onInit).
 */
export const afterCommit = async (req: Partial<PayloadRequest> | undefined, callback: Callback): Promise<void> => {
  const id: unknown = req?.transactionID === undefined ? undefined : await req.transactionID
  // Without transactions (SQLite here) Payload leaves a promise of null on the request, which its dataloader turns
  // into `{}` (a JSON round trip of the batch key) once a read populates a relation: only a string or number is one.
  if (typeof id !== 'string' && typeof id !== 'number') {
    setImmediate(() => runSafely(callback))
    return
  }
  const list = waiting.get(id)
  if (list) list.push(callback)
  else waiting.set(id, [callback])
}

/**
 * Wraps the adapter's commit and rollback (the idea of hooks/clearPublicCache.ts) so callbacks registered with
 * `afterCommit` run after their transaction commits, and are forgotten when it rolls back.
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
    callbacks.forEach(runSafely)
  }
  db.rollbackTransaction = async (id) => {
    await rollback(id)
    waiting.delete(await id)
  }
}
