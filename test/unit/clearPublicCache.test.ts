import { beforeEach, describe, expect, it } from '@jest/globals'
import type { DatabaseAdapter } from 'payload'

import { clearPublicCache, clearPublicCacheOnCommit } from '../../hooks/clearPublicCache'
import { publicCache } from '../../lib/publicCache'

const fakeDb = () => {
  const events: string[] = []
  const db = {
    commitTransaction: async (id: string | number | Promise<string | number>) => {
      events.push(`commit ${await id}`)
    },
    rollbackTransaction: async (id: string | number | Promise<string | number>) => {
      events.push(`rollback ${await id}`)
    },
  }
  clearPublicCacheOnCommit(db as unknown as DatabaseAdapter)
  return { db, events }
}

const keep = (key: string) => publicCache.set(key, 'value', Date.now() + 60_000)

beforeEach(() => publicCache.clear())

describe('clearPublicCache', () => {
  it('clears at once, and again when the transaction that made the change commits', async () => {
    const { db, events } = fakeDb()
    keep('home')
    await clearPublicCache({ doc: {}, req: { transactionID: Promise.resolve('tx-1') } })
    expect(publicCache.get('home')).toBeUndefined()

    keep('home') // a read inside the transaction's window caches the old record again
    await db.commitTransaction('tx-1')
    expect(events).toEqual(['commit tx-1'])
    expect(publicCache.get('home')).toBeUndefined()
  })

  it('leaves the cache alone when a transaction that changed nothing it shows commits, or one that did rolls back', async () => {
    const { db } = fakeDb()
    await clearPublicCache({ doc: {}, req: { transactionID: 'tx-2' } })
    keep('home')
    await db.commitTransaction('tx-other')
    expect(publicCache.get('home')).toBe('value')
    await db.rollbackTransaction('tx-2')
    await db.commitTransaction('tx-2')
    expect(publicCache.get('home')).toBe('value')
  })
})
