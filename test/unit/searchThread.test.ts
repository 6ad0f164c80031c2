import { afterEach, describe, expect, it, vi } from 'vitest'

import { prepareData } from '../../lib/preparedBody'
import { searchAnswerData } from '../../lib/search/searchAnswer'
import type { CopiedEntry } from '../../lib/db/searchChanges'
import { SearchCopy } from '../../lib/db/searchMemory'
import { rowidOf } from '../../lib/db/searchTables'
import { MemorySearchIndex } from '../../lib/search/memorySearchIndex'
import { memorySearchPage, type WordSearch } from '../../lib/search/memorySearchPage'
import { indexedText, parseQuery } from '../../lib/search/searchText'
import { SearchThread } from '../../lib/search/searchThreadClient'
import { WorkerStopped } from '../../lib/workerCalls'

const entry = (kind: 'article' | 'project', id: number, title: string, plain: string): CopiedEntry => ({
  rowid: rowidOf(kind, id),
  title: indexedText(title),
  body: indexedText(plain),
  shown: { title, slug: kind === 'article' ? `post-${id}` : null, excerpt: plain.slice(0, 40), plain },
})

const ENTRIES = [
  entry('article', 1, 'Lighthouse keepers', 'A lighthouse keeper writes a logbook every night, & the <tide> table too.'),
  entry('article', 2, 'Tide tables', 'Every lighthouse needs the tide tables; keepers know them by heart.'),
  entry('project', 3, 'Lighthouse map', 'A map of every lighthouse on the coast, café by café.'),
  entry('article', 4, 'Harbour walls', 'Stone walls keep the harbour calm when the tide turns.'),
]

const search = (q: string, limit = 10, offset = 0): WordSearch => ({ terms: parseQuery(q), kinds: ['article', 'project'], limit, offset })

let threads: SearchThread[] = []
const startThread = async (heapMegabytes = 64, onFailure = (_: Error) => {}) => {
  const thread = await SearchThread.start(heapMegabytes, onFailure)
  threads.push(thread)
  return thread
}

afterEach(async () => {
  await Promise.all(threads.map((thread) => thread.stop()))
  threads = []
})

describe('the search thread', () => {
  it('answers with the same page and the same bytes as the same code run in this thread', async () => {
    const thread = await startThread()
    await thread.request({ op: 'apply', changes: ENTRIES.map((each) => ({ rowid: each.rowid, entry: each })) })
    const local = new MemorySearchIndex<CopiedEntry['shown']>((shown) => shown.plain.length)
    ENTRIES.forEach((each) => local.put(each))
    for (const [q, page, limit] of [['lighthouse', 1, 10], ['tide', 1, 1], ['tide', 2, 1], ['cafe', 1, 10], ['keep', 1, 10], ['walrus', 1, 10]] as const) {
      const wanted = search(q, limit, (page - 1) * limit)
      const expected = await memorySearchPage(local, wanted)
      expect(await thread.request({ op: 'page', search: wanted })).toEqual(expected)
      const { data, meta } = searchAnswerData(expected, wanted.terms, page, limit)
      const { json, etag } = prepareData(data, meta)
      const answer = await thread.request({ op: 'answer', search: wanted, page })
      expect(Buffer.from(answer.json).toString()).toBe(json.toString())
      expect(answer.etag).toBe(etag)
    }
    expect((await thread.request({ op: 'page', search: search('lighthouse') })).total).toBe(3)
  })

  it('answers requests in the order sent: a search sees the changes sent before it, not those sent after', async () => {
    const thread = await startThread()
    const changes = (entries: CopiedEntry[]) => entries.map((each) => ({ rowid: each.rowid, entry: each }))
    const [before, applied, after, removed, last] = await Promise.all([
      thread.request({ op: 'page', search: search('harbour') }),
      thread.request({ op: 'apply', changes: changes(ENTRIES) }),
      thread.request({ op: 'page', search: search('harbour') }),
      thread.request({ op: 'apply', changes: [{ rowid: rowidOf('article', 4), entry: null }] }),
      thread.request({ op: 'page', search: search('harbour') }),
    ])
    expect([before.total, after.total, last.total]).toEqual([0, 1, 0])
    expect(after.hits.map((hit) => hit.id)).toEqual([4])
    expect([applied.size, removed.size]).toEqual([4, 3])
    expect(removed.bytes).toBeLessThan(applied.bytes)
  })

  it('empties the copy on reset', async () => {
    const thread = await startThread()
    await thread.request({ op: 'apply', changes: ENTRIES.map((each) => ({ rowid: each.rowid, entry: each })) })
    expect((await thread.request({ op: 'reset' })).size).toBe(0)
    expect((await thread.request({ op: 'page', search: search('lighthouse') })).total).toBe(0)
  })

  it('a thread that runs out of heap reports it once, and its waiting requests fail', async () => {
    const onFailure = vi.fn<(error: Error) => void>()
    const thread = await startThread(16, onFailure)
    // 64 MB of text to keep in a heap limited to 16 MB.
    const plain = 'word '.repeat(200_000)
    const huge = Array.from({ length: 64 }, (_, id) => ({ ...entry('article', id + 1, `Huge ${id}`, 'huge'), shown: { title: 'Huge', slug: null, excerpt: '', plain: `${plain}${id}` } }))
    const applying = thread.request({ op: 'apply', changes: huge.map((each) => ({ rowid: each.rowid, entry: each })) })
    await expect(applying).rejects.toThrow()
    expect(onFailure).toHaveBeenCalledTimes(1)
    expect(onFailure.mock.calls[0]![0]).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' })
    await expect(thread.request({ op: 'page', search: search('huge') })).rejects.toBeInstanceOf(WorkerStopped)
  })

  it('stop() ends the thread without a failure; requests still waiting fail as stopped', async () => {
    const onFailure = vi.fn<(error: Error) => void>()
    const thread = await startThread(64, onFailure)
    const waiting = thread.request({ op: 'apply', changes: ENTRIES.map((each) => ({ rowid: each.rowid, entry: each })) })
    await thread.stop()
    await expect(waiting).rejects.toBeInstanceOf(WorkerStopped)
    expect(onFailure).not.toHaveBeenCalled()
  })
})

describe('the copy as the service sees it', () => {
  it('answers undefined once its thread has stopped, so that the database answers instead, and logs nothing for it', async () => {
    const thread = await startThread()
    const warn = vi.fn()
    const copy = new SearchCopy(thread, { warn } as unknown as ConstructorParameters<typeof SearchCopy>[1])
    await copy.apply(ENTRIES.map((each) => ({ rowid: each.rowid, entry: each })))
    expect(copy.size).toBe(4)
    expect((await copy.page(search('lighthouse')))?.total).toBe(3)
    const answer = await copy.answer(search('lighthouse'), 1)
    expect(JSON.parse(answer!.json.toString())).toMatchObject({ success: true, pagination: { page: 1, limit: 10, total: 3, pages: 1 } })
    await thread.stop()
    await expect(copy.page(search('lighthouse'))).resolves.toBeUndefined()
    await expect(copy.answer(search('lighthouse'), 1)).resolves.toBeUndefined()
    expect(warn).not.toHaveBeenCalled()
  })
})
