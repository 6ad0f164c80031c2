// The search thread: holds the memory copy of the search index and answers searches of words from it, snippets and
// serialising included, so that a search costs the service's event loop only its HTTP. The main thread
// (lib/db/searchMemory.ts) reads the database's change log and sends every change here, in order, before the
// searches that must see it. Built into its own file (dist/searchThread.mjs; searchThreadClient.ts), so it imports
// nothing that loads Payload.
import { getHeapStatistics } from 'node:v8'
import { parentPort } from 'node:worker_threads'

import type { ShownEntry } from '../db/searchChanges'
import { prepareData } from '../preparedBody'
import { MemorySearchIndex } from './memorySearchIndex'
import { type CopiedIndex, memorySearchPage } from './memorySearchPage'
import type { WorkerAnswer } from '../workerCalls'
import { searchAnswerData } from './searchAnswer'
import type { CopySize, ThreadMessage, ThreadRequest } from './searchThreadProtocol'

const BEYOND_LATIN1 = /[^\x00-\xff]/
/** Bytes (roughly) of what a result shows: V8 keeps a text in one byte a character while it is all Latin-1, else two. */
const shownBytes = (shown: ShownEntry) =>
  (shown.plain.length + shown.excerpt.length + shown.title.length + (shown.slug?.length ?? 0)) * (BEYOND_LATIN1.test(shown.plain) ? 2 : 1) + 200

let index: CopiedIndex = new MemorySearchIndex(shownBytes)

const sizeOfCopy = (): CopySize => ({ size: index.size, bytes: index.bytes, heapBytes: getHeapStatistics().used_heap_size })

const handle = async (request: ThreadRequest): Promise<unknown> => {
  switch (request.op) {
    case 'reset':
      index = new MemorySearchIndex(shownBytes)
      return sizeOfCopy()
    case 'apply':
      for (const { rowid, entry } of request.changes) {
        if (entry) index.put(entry)
        else index.remove(rowid)
      }
      return sizeOfCopy()
    case 'page':
      return memorySearchPage(index, request.search)
    case 'answer': {
      const { search, page } = request
      const { data, meta } = searchAnswerData(await memorySearchPage(index, search), search.terms, page, search.limit)
      return prepareData(data, meta)
    }
  }
}

const port = parentPort
if (!port) throw new Error('searchThread runs as a worker thread')

const reply = async ({ id, request }: ThreadMessage): Promise<void> => {
  try {
    port.postMessage({ id, value: await handle(request) } satisfies WorkerAnswer)
  } catch (error) {
    port.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error) } } satisfies WorkerAnswer)
  }
}

// One request at a time, in the order sent: a change must not land between a search's match and the reading of its
// pages, which await (settled) promises in between.
let queue: Promise<void> = Promise.resolve()
port.on('message', (message: ThreadMessage) => {
  queue = queue.then(() => reply(message))
})
