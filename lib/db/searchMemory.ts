import { getHeapStatistics } from 'node:v8'

import type { Payload } from 'payload'

import { publicCache } from '../publicCache'
import { MemorySearchIndex } from '../search/memorySearchIndex'
import { type SearchChanges, searchChangesOf, type ShownEntry } from './searchChanges'

/** Entries read per statement while filling: each batch is a few milliseconds of the event loop. */
const FILL_BATCH = 100
const SYNC_BATCH = 500
/** After a fill failed (the database was away), the next search tries again after this long. */
const RETRY_MS = 30_000
/**
 * The copy reads the change log at least this often, besides after every clear of the public cache: a write that
 * cleared nothing (the start's backfill of another process) shows within this long.
 */
const SYNC_INTERVAL_MS = 5_000
/**
 * A copy larger than this is dropped, and the site searches in the database alone: a quarter of V8's heap limit
 * (`HEAP_LIMIT_MB`, 256 MB by default under `npm start`), at most 96 MB. 10,000 articles of 2-5 KB of Markdown take
 * about 45 MB: 1.3 million postings and the 31 MB of plain text snippets come from.
 */
export const autoCopyBytes = (): number => Math.min(96 * 1024 * 1024, getHeapStatistics().heap_size_limit / 4)

export type SearchCopy = MemorySearchIndex<ShownEntry>

const BEYOND_LATIN1 = /[^\x00-\xff]/
/** Bytes (roughly) of what a result shows: V8 keeps a text in one byte a character while it is all Latin-1, else two. */
const shownBytes = (shown: ShownEntry) =>
  (shown.plain.length + shown.excerpt.length + shown.title.length + (shown.slug?.length ?? 0)) * (BEYOND_LATIN1.test(shown.plain) ? 2 : 1) + 200

type State = {
  changes: SearchChanges
  index?: SearchCopy
  /** The last change the copy holds. */
  revision: number
  /** What `freshness()` said when the copy last read the change log. */
  generation: number
  syncedAt: number
  filling?: Promise<void>
  syncing?: Promise<void>
  failedAt?: number
  tooLarge?: boolean
  /** The most the copy may take (`SEARCH_MEMORY_MB`); undefined: `autoCopyBytes()`. */
  maxBytes?: number
}

const states = new WeakMap<object, State>()

// Kept on globalThis like the public cache: the admin UI's Next bundle loads its own copy of the hooks that write.
const KEY = Symbol.for('blog-portfolio.searchWrites')
const holder = globalThis as typeof globalThis & { [KEY]?: { count: number } }
const searchWrites = (holder[KEY] ??= { count: 0 })

/** This process wrote an entry (before and once more after its transaction commits): its copy reads the log again. */
export const noteSearchWrite = (): void => {
  searchWrites.count++
}

/** Changes whenever the copy may be behind: a clear of the public cache (any process's content change) or a write here. */
// Both counts only grow, so their sum changes whenever either does.
const freshness = () => publicCache.generation() + searchWrites.count
const isStale = (state: State) => state.generation !== freshness() || Date.now() - state.syncedAt > SYNC_INTERVAL_MS

const fill = async (payload: Payload, state: State): Promise<void> => {
  const started = performance.now()
  // Changes committed while the copy fills are past this revision: the first search after it reads them again.
  const revision = await state.changes.latest()
  const index: SearchCopy = new MemorySearchIndex(shownBytes)
  for (let cursor: unknown; ; ) {
    const batch = await state.changes.entries(cursor, FILL_BATCH)
    batch.entries.forEach((entry) => index.put(entry))
    if (index.bytes > maxBytesOf(state)) {
      tooLarge(payload, state)
      return
    }
    if (batch.cursor === cursor) break
    cursor = batch.cursor
  }
  Object.assign(state, { index, revision, generation: -1 })
  payload.logger.info(`Search index copied to memory: ${index.size} entries in ${Math.round(performance.now() - started)} ms`)
}

const maxBytesOf = (state: State) => state.maxBytes ?? autoCopyBytes()

const tooLarge = (payload: Payload, state: State) => {
  state.tooLarge = true
  state.index = undefined
  payload.logger.info(`The search index takes more than ${Math.round(maxBytesOf(state) / 1024 / 1024)} MB (SEARCH_MEMORY_MB): searches run in the database alone`)
}

/** Applies the change log past the copy's revision: every change to an entry since, committed by any process. */
const sync = async (payload: Payload, state: State, index: SearchCopy): Promise<void> => {
  const generation = freshness()
  const startedAt = Date.now()
  for (;;) {
    const changes = await state.changes.since(state.revision, SYNC_BATCH)
    for (const change of changes) {
      if (change.entry) index.put(change.entry)
      else index.remove(change.rowid)
      state.revision = change.revision
    }
    if (changes.length < SYNC_BATCH) break
  }
  if (index.bytes > maxBytesOf(state)) {
    tooLarge(payload, state)
    return
  }
  // A log behind the copy is another database (a restored backup): the copy is filled again.
  if ((await state.changes.latest()) < state.revision) {
    state.index = undefined
    startFilling(payload, state)
    return
  }
  state.generation = generation
  state.syncedAt = startedAt
}

const startFilling = (payload: Payload, state: State) => {
  if (state.filling || state.tooLarge || (state.failedAt !== undefined && Date.now() - state.failedAt < RETRY_MS)) return
  state.filling = fill(payload, state)
    .catch((error: unknown) => {
      state.failedAt = Date.now()
      payload.logger.warn({ err: error }, 'Copying the search index to memory failed; searches run in the database meanwhile')
    })
    .finally(() => {
      state.filling = undefined
    })
}

/**
 * The memory copy of the search index, up to date with every change committed before the last clear of the public
 * cache (every content change clears it, in every process: lib/coherence), or undefined while it is being filled,
 * on MongoDB and on a site too large for it: then the database answers. The first search starts filling it.
 */
export const memorySearchIndexOf = async (payload: Payload): Promise<SearchCopy | undefined> => {
  const state = await stateOf(payload)
  if (!state) return undefined
  while (state.index && isStale(state)) {
    const index = state.index
    state.syncing ??= sync(payload, state, index).finally(() => {
      state.syncing = undefined
    })
    await state.syncing
  }
  if (!state.index) startFilling(payload, state)
  return state.index
}

/** The copy's state for this database (undefined on MongoDB, which has no change log). */
const stateOf = async (payload: Payload): Promise<State | undefined> => {
  const known = states.get(payload.db)
  if (known) return known
  const changes = await searchChangesOf(payload)
  if (!changes) return undefined
  const state = states.get(payload.db) ?? { changes, revision: 0, generation: -1, syncedAt: 0 }
  states.set(payload.db, state)
  return state
}

/**
 * Starts copying the index to memory (the service does at its start, so that its first searches find it ready), in
 * at most `maxMegabytes` (`SEARCH_MEMORY_MB`; 0: no copy, the database answers every search).
 */
export const startCopyingSearchIndex = (payload: Payload, maxMegabytes?: number): void => {
  const start = async () => {
    const state = await stateOf(payload)
    if (!state) return
    if (maxMegabytes !== undefined) state.maxBytes = maxMegabytes * 1024 * 1024
    if (maxMegabytes === 0) state.tooLarge = true
    else await memorySearchIndexOf(payload)
  }
  start().catch((error: unknown) => payload.logger.warn({ err: error }, 'Copying the search index to memory failed'))
}
