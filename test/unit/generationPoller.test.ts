import { describe, expect, it } from 'vitest'

import { coalesced } from '../../lib/coherence/cacheBroadcast'
import { type GenerationStore, startGenerationPoller, WHOLE_CACHE } from '../../lib/coherence/generationPoller'
import { pollUntil } from '../helpers/poll'

const quietLogger = () => {
  const lines: string[] = []
  return { lines, logger: { info: (message: string) => lines.push(message), warn: (_: object, message: string) => lines.push(message) } }
}

/** Shared counters per scope, as the database holds them; `failing` makes every read and bump throw. */
const sharedGeneration = () => {
  const counters = new Map<string, number>()
  const state = {
    failing: false,
    reads: 0,
    /** The whole cache's counter. */
    get value() {
      return counters.get(WHOLE_CACHE) ?? 0
    },
  }
  const store: GenerationStore = {
    read: async () => {
      state.reads++
      if (state.failing) throw new Error('database is locked')
      return new Map(counters)
    },
    bump: async (scope) => {
      if (state.failing) throw new Error('database is locked')
      const next = (counters.get(scope) ?? 0) + 1
      counters.set(scope, next)
      return next
    },
  }
  return { counters, state, store }
}

describe('startGenerationPoller', () => {
  it("clears on another process's bump, not on its own", async () => {
    const { state, store } = sharedGeneration()
    let mine = 0
    let theirs = 0
    const { logger } = quietLogger()
    const me = await startGenerationPoller(store, () => mine++, logger, 10)
    const other = await startGenerationPoller(store, () => theirs++, logger, 10)
    try {
      await Promise.all([me.announce(), me.announce()]) // one turn: one bump
      expect(state.value).toBe(1)
      await pollUntil('the other process to clear', async () => (theirs === 1 ? true : undefined))
      const readsBefore = state.reads
      await pollUntil('a few more polls', async () => (state.reads > readsBefore + 4 ? true : undefined), { everyMs: 5 })
      expect(mine).toBe(0)
      expect(theirs).toBe(1)
    } finally {
      await me.stop()
      await other.stop()
    }
  })

  it("clears only the scope another process announced, and everything on a whole clear", async () => {
    const { counters, store } = sharedGeneration()
    const cleared: (string | undefined)[] = []
    const { logger } = quietLogger()
    const me = await startGenerationPoller(store, (scope) => cleared.push(scope), logger, 10)
    const other = await startGenerationPoller(store, () => {}, logger, 10)
    try {
      await other.announce('wall-messages')
      expect(counters.get('wall-messages')).toBe(1)
      expect(counters.has(WHOLE_CACHE)).toBe(false)
      await pollUntil('the scoped clear', async () => (cleared.length === 1 ? true : undefined))
      expect(cleared).toEqual(['wall-messages'])
      await Promise.all([other.announce('wall-messages'), other.announce()])
      await pollUntil('the whole clear', async () => (cleared.length === 2 ? true : undefined))
      // A whole clear covers the scope that moved with it: one clear, of everything.
      expect(cleared).toEqual(['wall-messages', undefined])
    } finally {
      await me.stop()
      await other.stop()
    }
  })

  it('clears once the store can be read again after failures, and logs the failure once', async () => {
    const { state, store } = sharedGeneration()
    let clears = 0
    const { lines, logger } = quietLogger()
    const poller = await startGenerationPoller(store, () => clears++, logger, 10)
    try {
      state.failing = true
      const readsBefore = state.reads
      await pollUntil('several failed reads', async () => (state.reads > readsBefore + 3 ? true : undefined), { everyMs: 5 })
      expect(lines.filter((line) => line.includes('cannot read'))).toHaveLength(1)
      expect(clears).toBe(0)
      state.failing = false
      await pollUntil('the clear after the outage', async () => (clears === 1 ? true : undefined))
    } finally {
      await poller.stop()
    }
  })

  it('sends a pending announcement before it stops', async () => {
    const { state, store } = sharedGeneration()
    const poller = await startGenerationPoller(store, () => {}, quietLogger().logger, 1000)
    void poller.announce()
    await poller.stop()
    expect(state.value).toBe(1)
  })

  it('stops polling when stopped', async () => {
    const { state, store } = sharedGeneration()
    const poller = await startGenerationPoller(store, () => {}, quietLogger().logger, 5)
    await poller.stop()
    const reads = state.reads
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state.reads).toBe(reads)
  })
})

describe('coalesced', () => {
  it('sends once for any number of calls in one turn, and again in a later turn', async () => {
    let sent = 0
    const send = coalesced(async () => {
      sent++
    })
    await Promise.all([send.trigger(), send.trigger(), send.trigger()])
    expect(sent).toBe(1)
    await send.trigger()
    expect(sent).toBe(2)
  })

  it('settled waits for what was asked (a stop right after a change still sends it)', async () => {
    let sent = 0
    const send = coalesced(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      sent++
    })
    void send.trigger()
    await send.settled()
    expect(sent).toBe(1)
    await send.settled() // nothing pending
    expect(sent).toBe(1)
  })
})
