import { beforeEach, describe, expect, it } from 'vitest'

import { cached, computeOnce, publicCache } from '../../lib/publicCache'

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

beforeEach(() => publicCache.clear())

describe('cached', () => {
  it('computes once, then serves the cached value until cleared', async () => {
    let calls = 0
    const compute = async () => ++calls
    expect(await cached('k', 60, compute)).toBe(1)
    expect(await cached('k', 60, compute)).toBe(1)
    publicCache.clear()
    expect(await cached('k', 60, compute)).toBe(2)
  })

  it('shares one computation between concurrent misses', async () => {
    let calls = 0
    const gate = deferred<void>()
    const compute = async () => {
      calls++
      await gate.promise
      return 'value'
    }
    const all = Promise.all(Array.from({ length: 20 }, () => cached('k', 60, compute)))
    gate.resolve()
    expect(await all).toEqual(Array(20).fill('value'))
    expect(calls).toBe(1)
  })

  it('does not store a value computed before a clear (an edit made meanwhile would be lost)', async () => {
    const gate = deferred<void>()
    const stale = cached('k', 60, async () => {
      await gate.promise
      return 'before the edit'
    })
    publicCache.clear()
    gate.resolve()
    expect(await stale).toBe('before the edit')
    expect(await cached('k', 60, async () => 'after the edit')).toBe('after the edit')
  })

  it('a scoped clear drops only that scope: a value computed under it meanwhile is not stored, others are', async () => {
    const wallKey = 'response:/api/wall-messages'
    const gate = deferred<void>()
    const staleWall = computeOnce(wallKey, 60, async () => {
      await gate.promise
      return 'before the message'
    }, undefined, 'wall')
    const home = cached('home', 60, async () => {
      await gate.promise
      return 'home'
    })
    publicCache.clear('wall')
    gate.resolve()
    expect(await staleWall).toBe('before the message')
    expect(await home).toBe('home')
    expect(publicCache.get(wallKey, 'wall')).toBeUndefined()
    expect(publicCache.get('home')).toBe('home')
  })

  it('does not cache with a TTL of 0', async () => {
    let calls = 0
    await cached('k', 0, async () => ++calls)
    await cached('k', 0, async () => ++calls)
    expect(calls).toBe(2)
  })

})

describe('publicCache', () => {
  it('keeps a long key as its digest: 5,000 made-up 16 KB addresses weigh too little to push anything out', () => {
    const later = Date.now() + 60_000
    publicCache.set('home', 'home', later)
    const address = (n: number) => `article:${'x'.repeat(16_000)}-${n}`
    for (let n = 0; n < 5000; n++) publicCache.set(address(n), null, later)
    expect(publicCache.get('home')).toBe('home')
    expect(publicCache.get(address(4999))).toBeNull()
    expect(publicCache.get(address(5000))).toBeUndefined()
  })

  it("clears a scope's entries alone; a whole clear reaches every scope", () => {
    const later = Date.now() + 60_000
    publicCache.set('home', 'home', later)
    publicCache.set('page 1', 'wall', later, 1, 'wall')
    publicCache.set('page 2', 'wall', later, 1, 'wall')
    publicCache.set('page 1', 'other scope', later, 1, 'wallpaper')
    expect(publicCache.get('page 1')).toBeUndefined() // a scope's keys are its own
    const before = { whole: publicCache.generation(), wall: publicCache.generation('wall') }

    publicCache.clear('wall')
    expect(publicCache.get('page 1', 'wall')).toBeUndefined()
    expect(publicCache.get('page 2', 'wall')).toBeUndefined()
    expect(publicCache.get('home')).toBe('home')
    expect(publicCache.get('page 1', 'wallpaper')).toBe('other scope')
    expect(publicCache.generation()).toBe(before.whole)
    expect(publicCache.generation('wall')).toBe(before.wall + 1)

    publicCache.set('page 1', 'wall', later, 1, 'wall')
    publicCache.clear()
    expect(publicCache.get('page 1', 'wall')).toBeUndefined()
    expect(publicCache.get('page 1', 'wallpaper')).toBeUndefined()
    expect(publicCache.get('home')).toBeUndefined()
    expect(publicCache.generation('wall')).toBe(before.wall + 2)
  })

  it('gives a scope 4 MB of its own: filling it leaves the rest of the cache alone', () => {
    const later = Date.now() + 60_000
    publicCache.set('home', 'home', later)
    for (let page = 0; page < 100; page++) publicCache.set(`page ${page}`, 'x', later, 100_000, 'wall')
    expect(publicCache.get('page 0', 'wall')).toBeUndefined() // pushed out within its scope
    expect(publicCache.get('page 99', 'wall')).toBe('x')
    expect(publicCache.get('home')).toBe('home')
  })

  it('forgets an entry once its time is up', async () => {
    publicCache.set('short', 'value', Date.now() + 30)
    expect(publicCache.get('short')).toBe('value')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(publicCache.get('short')).toBeUndefined()
  })

  it('makes room by weight (64 MB in all), dropping the least recently used first', () => {
    const later = Date.now() + 60_000
    publicCache.set('first', 'a', later, 25_000_000)
    publicCache.set('second', 'b', later, 25_000_000)
    expect(publicCache.get('first')).toBe('a') // now the more recently used
    publicCache.set('third', 'c', later, 25_000_000)
    expect(publicCache.get('second')).toBeUndefined()
    expect(publicCache.get('first')).toBe('a')
    expect(publicCache.get('third')).toBe('c')
  })

  it('keeps nothing heavier than the whole cache', () => {
    publicCache.set('huge', 'x', Date.now() + 60_000, 65 * 1024 * 1024)
    expect(publicCache.get('huge')).toBeUndefined()
  })
})
