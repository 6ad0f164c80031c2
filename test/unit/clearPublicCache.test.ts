import { beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseAdapter, PayloadRequest } from 'payload'

import { clearPublicCache } from '../../hooks/clearPublicCache'
import { runCallbacksOnCommit } from '../../lib/db/afterCommit'
import { setCacheBroadcast } from '../../lib/coherence/cacheBroadcast'
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
  runCallbacksOnCommit(db as unknown as DatabaseAdapter)
  const payload = { db } as unknown as PayloadRequest['payload']
  return { db, events, payload }
}

const keep = (key: string) => publicCache.set(key, 'value', Date.now() + 60_000)

beforeEach(() => publicCache.clear())

describe('clearPublicCache', () => {
  it('clears at once, and again when the transaction that made the change commits', async () => {
    const { db, events, payload } = fakeDb()
    keep('home')
    await clearPublicCache({ doc: {}, req: { payload, transactionID: Promise.resolve('tx-1') } })
    expect(publicCache.get('home')).toBeUndefined()

    keep('home') // a read inside the transaction's window caches the old record again
    await db.commitTransaction('tx-1')
    expect(events).toEqual(['commit tx-1'])
    expect(publicCache.get('home')).toBeUndefined()
  })

  it('leaves the cache alone when a transaction that changed nothing it shows commits, or one that did rolls back', async () => {
    const { db, payload } = fakeDb()
    await clearPublicCache({ doc: {}, req: { payload, transactionID: 'tx-2' } })
    keep('home')
    await db.commitTransaction('tx-other')
    expect(publicCache.get('home')).toBe('value')
    await db.rollbackTransaction('tx-2')
    await db.commitTransaction('tx-2')
    expect(publicCache.get('home')).toBe('value')
  })
})

describe('clearPublicCache and public fields', () => {
  const users = { custom: { publicFields: ['name', 'avatar'] } }
  type Account = { id: number; name: string; avatar: string | null; resetPasswordToken: string | null }
  const before: Account = { id: 1, name: 'Ada', avatar: null, resetPasswordToken: null }

  it('leaves the cache when an update changes none of the fields the collection declares public', async () => {
    keep('home')
    await clearPublicCache({ collection: users, operation: 'update', previousDoc: before, doc: { ...before, resetPasswordToken: 'abc' } })
    expect(publicCache.get('home')).toBe('value')
  })

  it.each([
    ['the name changes', { collection: users, operation: 'update', previousDoc: before, doc: { ...before, name: 'Grace' } }],
    ['the avatar changes', { collection: users, operation: 'update', previousDoc: before, doc: { ...before, avatar: 'https://a.example/x.png' } }],
    ['a record is created', { collection: users, operation: 'create', doc: before }],
    ['the collection declares no public fields', { collection: {}, operation: 'update', previousDoc: before, doc: before }],
  ] as [string, Parameters<typeof clearPublicCache<Account>>[0]][])('clears it when %s', async (_, args) => {
    keep('home')
    await clearPublicCache(args)
    expect(publicCache.get('home')).toBeUndefined()
  })
})

describe('clearPublicCache and cache scopes', () => {
  const wall = { custom: { publicWhen: { status: 'approved' }, publicCacheScope: 'wall-messages' } }
  const wallAnswer = 'response:/api/wall-messages'
  const keepWallAnswer = () => publicCache.set(wallAnswer, 'value', Date.now() + 60_000, 1, 'wall-messages')

  it("a shown record of a collection with a scope clears that scope's answers and leaves the rest", async () => {
    keep('home')
    keepWallAnswer()
    await clearPublicCache({ collection: wall, operation: 'create', doc: { status: 'approved' } })
    expect(publicCache.get(wallAnswer, 'wall-messages')).toBeUndefined()
    expect(publicCache.get('home')).toBe('value')
  })

  it('a change elsewhere clears the scoped answers too', async () => {
    keepWallAnswer()
    await clearPublicCache({ collection: { custom: {} }, operation: 'create', doc: {} })
    expect(publicCache.get(wallAnswer, 'wall-messages')).toBeUndefined()
  })
})

describe('clearPublicCache tells the other processes', () => {
  const withBroadcast = () => {
    const { db, events, payload } = fakeDb()
    const scopes: (string | undefined)[] = []
    setCacheBroadcast(db, {
      announce: async (scope) => {
        scopes.push(scope)
      },
      stop: async () => {},
    })
    return { db, events, payload, scopes, announced: () => scopes.length }
  }

  it('after the commit, not before, and never for a rollback', async () => {
    const { db, payload, announced } = withBroadcast()
    await clearPublicCache({ doc: {}, req: { payload, transactionID: 'tx-3' } })
    expect(announced()).toBe(0)
    await db.commitTransaction('tx-3')
    expect(announced()).toBe(1)
    await clearPublicCache({ doc: {}, req: { payload, transactionID: 'tx-4' } })
    await db.rollbackTransaction('tx-4')
    expect(announced()).toBe(1)
  })

  it('once per transaction, however many of its writes cleared the cache', async () => {
    const { db, payload, announced } = withBroadcast()
    for (let record = 0; record < 3; record++) await clearPublicCache({ doc: {}, req: { payload, transactionID: 'tx-5' } })
    await db.commitTransaction('tx-5')
    expect(announced()).toBe(1)
  })

  it("with the collection's scope, once per scope in a transaction", async () => {
    const { db, payload, scopes } = withBroadcast()
    const wall = { custom: { publicCacheScope: 'wall-messages' } }
    for (let record = 0; record < 2; record++) await clearPublicCache({ collection: wall, doc: {}, req: { payload, transactionID: 'tx-6' } })
    await clearPublicCache({ collection: {}, doc: {}, req: { payload, transactionID: 'tx-6' } })
    await db.commitTransaction('tx-6')
    expect(scopes).toEqual(['wall-messages', undefined])
  })

  it('at once when the write has no transaction (committed already)', async () => {
    const { payload, announced } = withBroadcast()
    await clearPublicCache({ doc: {}, req: { payload, transactionID: Promise.resolve({} as unknown as string) } })
    expect(announced()).toBe(1)
  })
})
