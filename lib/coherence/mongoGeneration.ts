import type { GenerationStore } from './generationPoller'

export const MONGO_GENERATION_COLLECTION = 'blog_cache_generation'

type GenerationDocument = { _id: string; generation?: number }

/** The driver collection as mongoose exposes it on `connection.db.collection(name)`: only what is used here. */
type Collection = {
  find: (filter: object) => { toArray: () => Promise<GenerationDocument[]> }
  findOneAndUpdate: (filter: object, update: object, options: object) => Promise<GenerationDocument | null>
}
type MongoConnection = { db?: { collection: (name: string) => Collection } }

export const isMongoConnection = (value: unknown): value is MongoConnection =>
  typeof value === 'object' && value !== null && 'db' in value

/**
 * The generations as one document per cache scope (its `_id`) in a collection of its own (not a Payload collection).
 * Written for MongoDB, where it is polled like SQLite's table; not tested here (no mongod on these machines).
 */
export const mongoGenerationStore = (connection: MongoConnection): GenerationStore | undefined => {
  const collection = connection.db?.collection(MONGO_GENERATION_COLLECTION)
  if (!collection) return undefined
  return {
    read: async () => new Map((await collection.find({}).toArray()).map((document) => [document._id, document.generation ?? 0])),
    bump: async (scope) =>
      (
        await collection.findOneAndUpdate(
          { _id: scope },
          { $inc: { generation: 1 } },
          { upsert: true, returnDocument: 'after', includeResultMetadata: false },
        )
      )?.generation ?? 0,
  }
}
