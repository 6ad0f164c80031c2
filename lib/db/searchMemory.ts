import { getHeapStatistics } from 'node:v8'

import type { Payload } from 'payload'

import type { PreparedBody } from '../preparedBody'
import { publicCache } from '../publicCache'
import type { WordSearch } from '../search/memorySearchPage'
import type { CopyChange, CopySize } from '../search/searchThreadProtocol'
import { SearchThread } from '../search/searchThreadClient'
import type { SearchPage } from '../search/searchTiers'
import { WorkerStopped } from '../workerCalls'
import { type SearchChanges, searchChangesOf } from './searchChanges'
import { searchWriteCount } from './searchWrites'

/** Entries read per statement while filling: each batch is a few milliseconds of the event loop. */
const FILL_BATCH = 100
const SYNC_BATCH = 500
/** After a fill failed (the database was away, the thread stopped), the next search tries again after this long. */
const RETRY_MS = 30_000
/**
 * The copy reads the change log at least this often, besides after every clear of the public cache: a write that
 * cleared nothing (the start's backfill of another process) shows within this long.
 */
const SYNC_INTERVAL_MS = 5_000
/**
 * A copy larger than this is dropped, and the site searches in the database alone: a quarter of V8's heap limit
 * (`HEAP_LIMIT_MB`, 256 MB by default under `npm start`), at most 96 MB, so that a service told to stay small keeps
 * a small copy. 10,000 articles of 2-5 KB of Markdown take about 45 MB: 1.3 million postings and the 31 MB of plain
 * text snippets come from.
 */
export const autoCopyBytes = (): number => Math.min(96 * 1024 * 1024, getHeapStatistics().heap_size_limit / 4)

/** The thread's heap limit for a copy of at most `maxBytes`: the copy, a search's garbage and a fill's batches. */
const threadHeapMegabytes = (maxBytes: number) => Math.ceil((2 * maxBytes) / 1024 / 1024) + 48

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * The memory copy of the index, in its own thread (lib/search/searchThread.ts), which answers searches of words. A
 * search it fails (its thread stopped meanwhile) answers undefined: the database answers it instead.
 */
export class SearchCopy {
  /** Entries the copy holds. */
  size = 0

  constructor(
    private readonly thread: SearchThread,
    private readonly logger: Payload['logger'],
  ) {}

  async apply(changes: CopyChange[]): Promise<CopySize> {
    const copied = await this.thread.request({ op: 'apply', changes })
    this.size = copied.size
    return copied
  }

  page(search: WordSearch): Promise<SearchPage | undefined> {
    return this.thread.request({ op: 'page', search }).catch(this.failed)
  }

  /** GET /api/search's whole answer, serialised in the thread. */
  async answer(search: WordSearch, page: number): Promise<PreparedBody | undefined> {
    const answer = await this.thread.request({ op: 'answer', search, page }).catch(this.failed)
    return answer && { json: Buffer.from(answer.json.buffer as ArrayBuffer, answer.json.byteOffset, answer.json.byteLength), etag: answer.etag }
  }

  private readonly failed = (error: unknown): undefined => {
    // A thread that stopped by itself has said why (`startThread`).
    if (!(error instanceof WorkerStopped)) this.logger.warn({ err: error }, 'The memory copy of the search index failed a search; the database answers it')
    return undefined
  }
}

type State = {
  changes: SearchChanges
  thread?: SearchThread
  /** The copy, once filled. */
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
  /** The service is stopping: no copy is made any more. */
  stopped?: boolean
  /** The most the copy may take (`SEARCH_MEMORY_MB`); undefined: `autoCopyBytes()`. */
  maxBytes?: number
}

const states = new WeakMap<object, State>()

/** Changes whenever the copy may be behind: a clear of the public cache (any process's content change) or a write here. */
// Both counts only grow, so their sum changes whenever either does.
const freshness = () => publicCache.generation() + searchWriteCount()
const isStale = (state: State) => state.generation !== freshness() || Date.now() - state.syncedAt > SYNC_INTERVAL_MS

const startThread = async (payload: Payload, state: State): Promise<SearchThread> => {
  const thread: SearchThread = await SearchThread.start(threadHeapMegabytes(maxBytesOf(state)), (error) => {
    if (state.thread !== thread) return
    Object.assign(state, { thread: undefined, index: undefined, failedAt: Date.now() })
    payload.logger.warn({ err: error }, 'The search thread stopped; searches run in the database until the index is copied again')
  })
  state.thread = thread
  return thread
}

const stopThread = async (state: State): Promise<void> => {
  const thread = state.thread
  state.thread = undefined
  await thread?.stop()
}

const fill = async (payload: Payload, state: State): Promise<void> => {
  const started = performance.now()
  // Changes committed while the copy fills are past this revision: the first search after it reads them again.
  const revision = await state.changes.latest()
  const thread = state.thread ?? (await startThread(payload, state))
  if (state.stopped) return stopThread(state)
  await thread.request({ op: 'reset' })
  const index = new SearchCopy(thread, payload.logger)
  let copied: CopySize | undefined
  for (let cursor: unknown; ; ) {
    const batch = await state.changes.entries(cursor, FILL_BATCH)
    copied = await index.apply(batch.entries.map((entry) => ({ rowid: entry.rowid, entry })))
    if (copied.bytes > maxBytesOf(state)) return tooLarge(payload, state)
    if (batch.cursor === cursor) break
    cursor = batch.cursor
  }
  if (state.stopped) return
  Object.assign(state, { index, revision, generation: -1 })
  payload.logger.info(
    `Search index copied to memory: ${index.size} entries in ${Math.round(performance.now() - started)} ms (its thread's heap: ${megabytes(copied.heapBytes)} MB)`,
  )
}

const maxBytesOf = (state: State) => state.maxBytes ?? autoCopyBytes()

const tooLarge = async (payload: Payload, state: State): Promise<void> => {
  state.tooLarge = true
  state.index = undefined
  payload.logger.info(`The search index takes more than ${megabytes(maxBytesOf(state))} MB (SEARCH_MEMORY_MB): searches run in the database alone`)
  await stopThread(state)
}

/** Applies the change log past the copy's revision: every change to an entry since, committed by any process. */
const sync = async (payload: Payload, state: State, index: SearchCopy): Promise<void> => {
  const generation = freshness()
  const startedAt = Date.now()
  for (;;) {
    const changes = await state.changes.since(state.revision, SYNC_BATCH)
    if (changes.length === 0) break
    const copied = await index.apply(changes)
    state.revision = changes.at(-1)!.revision
    if (copied.bytes > maxBytesOf(state)) return tooLarge(payload, state)
    if (changes.length < SYNC_BATCH) break
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
  if (state.filling || state.tooLarge || state.stopped || (state.failedAt !== undefined && Date.now() - state.failedAt < RETRY_MS)) return
  state.filling = fill(payload, state)
    .catch((error: unknown) => {
      state.failedAt = Date.now()
      if (!state.stopped)
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
    try {
      await state.syncing
    } catch (error) {
      // The thread stopped (and the copy with it: the database answers); a failed read of the log is the search's error.
      if (state.index === index) throw error
    }
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
  const state = states.get(payload.db) ?? withLimit({ changes, revision: 0, generation: -1, syncedAt: 0 }, limits.get(payload.db))
  states.set(payload.db, state)
  return state
}

/** The most each database's copy may take, in megabytes (`SEARCH_MEMORY_MB`); none: `autoCopyBytes()`. */
const limits = new WeakMap<object, number>()

const withLimit = (state: State, maxMegabytes: number | undefined): State => {
  if (maxMegabytes === undefined) return state
  state.maxBytes = maxMegabytes * 1024 * 1024
  // 0: no copy, the database answers every search.
  if (maxMegabytes === 0) state.tooLarge = true
  return state
}

/**
 * Sets the most the copy may take (the plugin's `searchMemoryMb`) before anything fills it: at init, in every
 * process, so that a copy started by a first search (in any host) keeps to it too.
 */
export const limitSearchCopy = (payload: Payload, maxMegabytes: number | undefined): void => {
  if (maxMegabytes === undefined) return
  limits.set(payload.db, maxMegabytes)
  const state = states.get(payload.db)
  if (state) withLimit(state, maxMegabytes)
}

/**
 * Starts copying the index to memory (a process that serves requests does at its start, so that its first searches
 * find it ready), within the limit `limitSearchCopy` set.
 */
export const startCopyingSearchIndex = (payload: Payload): void => {
  memorySearchIndexOf(payload).catch((error: unknown) => payload.logger.warn({ err: error }, 'Copying the search index to memory failed'))
}

/** Stops the copy's thread: the service is closing. */
export const stopSearchCopy = async (payload: Payload): Promise<void> => {
  const state = states.get(payload.db)
  if (!state) return
  Object.assign(state, { stopped: true, index: undefined })
  await stopThread(state)
}
