import type { CollectionBeforeValidateHook } from 'payload'

/** The mongoose connection the MongoDB adapter keeps on `payload.db.connection`. */
type CounterStore = {
  connection: {
    collection: (name: string) => {
      findOneAndUpdate: (
        filter: object,
        update: object,
        options: object,
      ) => Promise<{ seq?: number } | { value?: { seq?: number } } | null>
    }
  }
}

const isCounterStore = (db: object): db is CounterStore => 'connection' in db && typeof db.connection === 'object' && db.connection !== null

export const COUNTERS_COLLECTION = 'payload_id_counters'

/**
 * MongoDB has no auto-increment: a new document takes the next number of its collection's counter, bumped with one
 * atomic `$inc` (upserted on first use), so ids are numbers on every adapter and never collide under concurrency.
 */
export const assignNumericId: CollectionBeforeValidateHook = async ({ collection, data, operation, req }) => {
  if (operation !== 'create' || !data || typeof data.id === 'number') return data
  const store: object = req.payload.db
  if (!isCounterStore(store)) throw new Error(`Numeric ids need the MongoDB adapter's connection (collection ${collection.slug})`)
  const result = await store.connection
    .collection(COUNTERS_COLLECTION)
    .findOneAndUpdate({ _id: collection.slug }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' })
  const seq = result && 'seq' in result ? result.seq : (result as { value?: { seq?: number } } | null)?.value?.seq
  if (typeof seq !== 'number') throw new Error(`Could not allocate an id for ${collection.slug}`)
  return { ...data, id: seq }
}
