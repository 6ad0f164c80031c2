import { describe, expect, it } from 'vitest'

import { assignNumericId, COUNTERS_COLLECTION } from '../../hooks/assignNumericId'

type Call = { name: string; filter: object; update: object; options: object }

// Stands in for the mongoose connection: the hook's contract with MongoDB is one findOneAndUpdate per new document.
const fakeRequest = (calls: Call[], result: unknown) => ({
  payload: {
    db: {
      connection: {
        collection: (name: string) => ({
          findOneAndUpdate: async (filter: object, update: object, options: object) => {
            calls.push({ name, filter, update, options })
            return result
          },
        }),
      },
    },
  },
})

const run = (operation: 'create' | 'update', data: Record<string, unknown>, calls: Call[], result: unknown) =>
  assignNumericId({
    collection: { slug: 'articles' },
    data,
    operation,
    req: fakeRequest(calls, result),
  } as never)

describe('assignNumericId (MongoDB numeric ids)', () => {
  it('takes the next number from an atomic, upserted per-collection counter', async () => {
    const calls: Call[] = []
    await expect(run('create', { title: 'A' }, calls, { seq: 7 })).resolves.toEqual({ title: 'A', id: 7 })
    expect(calls).toEqual([
      {
        name: COUNTERS_COLLECTION,
        filter: { _id: 'articles' },
        update: { $inc: { seq: 1 } },
        options: { upsert: true, returnDocument: 'after' },
      },
    ])
  })

  it('understands the driver result wrapped in `value` (older drivers)', async () => {
    await expect(run('create', {}, [], { value: { seq: 3 } })).resolves.toEqual({ id: 3 })
  })

  it('leaves updates and explicit numeric ids alone', async () => {
    const calls: Call[] = []
    await expect(run('update', { title: 'B' }, calls, { seq: 1 })).resolves.toEqual({ title: 'B' })
    await expect(run('create', { id: 42 }, calls, { seq: 1 })).resolves.toEqual({ id: 42 })
    expect(calls).toHaveLength(0)
  })

  it('fails loudly when the counter gives no number', async () => {
    await expect(run('create', {}, [], null)).rejects.toThrow(/Could not allocate an id for articles/)
  })
})
