// What the service's main thread and the search thread (searchThread.ts) say to each other.
import type { CopiedEntry } from '../db/searchChanges'
import type { WordSearch } from './memorySearchPage'
import type { SearchPage } from './searchTiers'

/** An entry of the copy as it is now: null when it was removed or its record is not published. */
export type CopyChange = { rowid: number; entry: CopiedEntry | null }

/** How large the copy is: its entries, the bytes it counts (`SEARCH_MEMORY_MB`) and the thread's heap in use. */
export type CopySize = { size: number; bytes: number; heapBytes: number }

export type ThreadRequest =
  /** Empties the copy (before it is filled again). */
  | { op: 'reset' }
  | { op: 'apply'; changes: CopyChange[] }
  | { op: 'page'; search: WordSearch }
  /** The whole answer of GET /api/search, serialised: what the route sends. */
  | { op: 'answer'; search: WordSearch; page: number }

export type ThreadReply<Request extends ThreadRequest> = Request extends { op: 'page' }
  ? SearchPage
  : Request extends { op: 'answer' }
    ? { json: Uint8Array; etag: string }
    : CopySize

export type ThreadMessage = { id: number; request: ThreadRequest }
