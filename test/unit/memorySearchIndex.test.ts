import { describe, expect, it } from 'vitest'

import { type IndexedEntry, MemorySearchIndex, type MemoryTerm, type MemoryTier } from '../../lib/search/memorySearchIndex'

type Entry = IndexedEntry<string>
const newIndex = () => new MemorySearchIndex<string>((shown) => shown.length)

// A reference written the slow, obvious way: every entry's tokens scanned for every query, bm25 as FTS5 defines it.
const K1 = 1.2
const B = 0.75

const matchesTerm = (tokens: string[], { token, prefix }: MemoryTerm) => tokens.some((each) => (prefix ? each.startsWith(token) : each === token))
const occurrences = (tokens: string[], { token, prefix }: MemoryTerm) => tokens.filter((each) => (prefix ? each.startsWith(token) : each === token)).length

const reference = (entries: Entry[], terms: MemoryTerm[], tier: MemoryTier, kinds: { article: boolean; project: boolean }) => {
  const split = entries.map((entry) => ({ rowid: entry.rowid, title: entry.title.split(' ').filter(Boolean), body: entry.body.split(' ').filter(Boolean) }))
  const averageLength = split.reduce((sum, entry) => sum + entry.title.length + entry.body.length, 0) / split.length
  const ofKind = (rowid: number) => (rowid % 2 === 1 ? kinds.project : kinds.article)
  const inTitle = (entry: (typeof split)[number]) => terms.every((term) => matchesTerm(entry.title, term))
  const anywhere = (entry: (typeof split)[number]) => terms.every((term) => matchesTerm(entry.title, term) || matchesTerm(entry.body, term))
  const group = split.filter((entry) => ofKind(entry.rowid) && anywhere(entry) && (tier === 'title') === inTitle(entry))
  const idf = (hits: number) => Math.max(1e-6, Math.log((split.length - hits + 0.5) / (hits + 0.5)))
  return group
    .map((entry) => {
      let score = 0
      for (const term of terms) {
        const hits = split.filter((other) => matchesTerm(other.title, term) || (tier === 'body' && matchesTerm(other.body, term))).length
        const frequency = 10 * occurrences(entry.title, term) + (tier === 'body' ? occurrences(entry.body, term) : 0)
        const length = entry.title.length + entry.body.length
        score += (idf(hits) * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength))
      }
      return { rowid: entry.rowid, rank: score, shown: entries.find((each) => each.rowid === entry.rowid)!.shown }
    })
    .sort((a, b) => b.rank - a.rank || b.rowid - a.rowid)
}

/** A small deterministic generator, so that a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

const WORDS = ['sea', 'seal', 'season', 'light', 'lighthouse', 'keeper', 'storm', 'harbour', 'rope', 'rust', 'ship', 'shipping']
const text = (next: () => number, words: number) => Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ')

const QUERIES: MemoryTerm[][] = [
  [{ token: 'sea', prefix: false }],
  [{ token: 'sea', prefix: true }],
  [{ token: 'light', prefix: false }, { token: 'keeper', prefix: false }],
  [{ token: 'storm', prefix: false }, { token: 'ship', prefix: true }],
  [{ token: 'r', prefix: true }],
  [{ token: 'absent', prefix: false }],
  [{ token: 'harbour', prefix: false }, { token: 'rope', prefix: false }, { token: 'se', prefix: true }],
  [{ token: 'fresh', prefix: true }],
]

const expectSameAnswers = (index: MemorySearchIndex<string>, entries: Entry[]) => {
  expect(index.size).toBe(entries.length)
  for (const kinds of [{ article: true, project: true }, { article: true, project: false }, { article: false, project: true }]) {
    for (const terms of QUERIES) {
      const matches = index.match(terms, kinds)
      const title = reference(entries, terms, 'title', kinds)
      const body = reference(entries, terms, 'body', kinds)
      expect([matches.inTitle, matches.total]).toEqual([title.length, title.length + body.length])
      for (const [tier, expected] of [['title', title], ['body', body]] as const) {
        const ranked = matches.page(tier, 1000, 0, true)
        expect(ranked.map((hit) => hit.rowid)).toEqual(expected.map((hit) => hit.rowid))
        ranked.forEach((hit, at) => {
          expect(hit.rank).toBeCloseTo(expected[at]!.rank, 9)
          expect(hit.shown).toBe(expected[at]!.shown)
        })
        expect(matches.page(tier, 3, 2, true)).toEqual(ranked.slice(2, 5))
        const newest = expected.map((hit) => hit.rowid).sort((a, b) => b - a)
        expect(matches.page(tier, 4, 1, false).map((hit) => hit.rowid)).toEqual(newest.slice(1, 5))
      }
    }
  }
}

describe('the memory copy of the search index', () => {
  it('counts and ranks as a scan of every entry does, by kind, tier, prefix and page', () => {
    const next = random(7)
    // 400 entries: the common tokens hold hundreds of postings (kept as bitsets too), the rare ones a few.
    const entries = Array.from({ length: 400 }, (_, at) => ({ rowid: 10 + at * 3, title: text(next, 1 + Math.floor(next() * 3)), body: text(next, Math.floor(next() * 40)), shown: `entry ${at}` }))
    const index = newIndex()
    for (const entry of entries) index.put(entry)
    expectSameAnswers(index, entries)
  })

  it('stays exact through replacements and removals, past the point where it drops removed postings', () => {
    const next = random(11)
    const index = newIndex()
    const current = new Map<number, Entry>()
    // 4,000 writes over 150 keys: thousands of dead slots, so the index compacts several times on the way.
    for (let write = 0; write < 4000; write++) {
      const rowid = Math.floor(next() * 150)
      if (next() < 0.2) {
        index.remove(rowid)
        current.delete(rowid)
      } else {
        // Now and then a token never seen before, which a prefix query made earlier must find too.
        const entry = { rowid, title: text(next, 2), body: `${text(next, Math.floor(next() * 12))}${write % 7 === 0 ? ` fresh${write}` : ''}`, shown: `write ${write}` }
        index.put(entry)
        current.set(rowid, entry)
      }
      if (write % 1000 === 999) expectSameAnswers(index, [...current.values()])
    }
    // Without dropping them, the removed entries' postings alone would take about 250 KB.
    expect(index.bytes).toBeLessThan(150_000)
    expectSameAnswers(index, [...current.values()])
  })

  it('counts a token up to 1,023 times in a field, and an empty index finds nothing', () => {
    const index = newIndex()
    expect(index.match([{ token: 'sea', prefix: true }], { article: true, project: true }).total).toBe(0)
    index.put({ rowid: 2, title: 'sea', body: Array(5000).fill('storm').join(' '), shown: 'long' })
    index.put({ rowid: 4, title: 'sea', body: 'storm', shown: 'short' })
    const [first, second] = index.match([{ token: 'storm', prefix: false }], { article: true, project: true }).page('body', 10, 0, true)
    expect([first!.rowid, second!.rowid]).toEqual([2, 4])
  })
})
