// The search index's postings kept in the service's memory: counting the matches of a word held by thousands of
// entries is a few bitset operations here, where the database visits every match (measured in bench/README.md).
// The database's index stays the record: this copy is filled from it and follows its change log (lib/db/searchMemory.ts).

/**
 * An entry as the database's index stores it: its key (`rowidOf`), and its title and body as tokens joined by spaces;
 * `shown` is what a result shows of it, kept beside it.
 */
export type IndexedEntry<Shown> = { rowid: number; title: string; body: string; shown: Shown }

/** One term of a query the memory index answers: a single token, maybe a prefix (phrases go to the database). */
export type MemoryTerm = { token: string; prefix: boolean }
export type MemoryTier = 'title' | 'body'
export type MemoryHit<Shown> = { rowid: number; rank: number; shown: Shown }

// A posting packs a slot and the token's count in that field into one small integer: slot * 1024 + count. Plain arrays
// of such integers cost a tenth of arrays of objects, and stay sorted by slot since slots only grow.
const COUNT_BITS = 10
const MAX_COUNT = (1 << COUNT_BITS) - 1
const MAX_SLOTS = 2 ** (31 - COUNT_BITS)
const packed = (slot: number, count: number) => (slot << COUNT_BITS) | Math.min(count, MAX_COUNT)
const slotOf = (posting: number) => posting >>> COUNT_BITS
const countOf = (posting: number) => posting & MAX_COUNT

/**
 * A token's postings in one field, sorted by slot; a token in many entries also keeps them as a bitset over the slots
 * (a few kilobytes, smaller than its list), so that a query sets its bits a word at a time instead of one by one.
 */
type FieldPostings = { list: number[]; bits?: Bits }
type Postings = { title: FieldPostings; body: FieldPostings }
type Field = keyof Postings

/** From this many postings a field's postings keep a bitset too. */
const DENSE = 128

const has = (bits: Int32Array, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0
const setSlot = (bits: Int32Array, slot: number) => {
  bits[slot >>> 5]! |= 1 << (slot & 31)
}
const clearSlot = (bits: Int32Array, slot: number) => {
  bits[slot >>> 5]! &= ~(1 << (slot & 31))
}
type Bits = Int32Array<ArrayBuffer>

/** `bits` with `slot` set: grown to at least twice its length first when it has no room for it. */
const withSlot = (bits: Bits, slot: number): Bits => {
  let room = bits
  if (bits.length * 32 <= slot) {
    room = new Int32Array(Math.max((slot >>> 5) + 1, bits.length * 2))
    room.set(bits)
  }
  setSlot(room, slot)
  return room
}

const addPosting = (field: FieldPostings, slot: number, count: number) => {
  field.list.push(packed(slot, count))
  if (field.bits) field.bits = withSlot(field.bits, slot)
  else if (field.list.length >= DENSE) field.bits = field.list.reduce((bits, posting) => withSlot(bits, slotOf(posting)), new Int32Array(0))
}

/** Sets the bits of the field's slots in `bits` (sized to the index's slots). */
const orInto = (bits: Int32Array, field: FieldPostings) => {
  if (field.bits) {
    const words = Math.min(bits.length, field.bits.length)
    for (let word = 0; word < words; word++) bits[word]! |= field.bits[word]!
    return
  }
  for (const posting of field.list) setSlot(bits, slotOf(posting))
}

/** The first index of a sorted list of `length` items at which `isBefore` (true for a prefix of the list) turns false. */
const firstNotBefore = (length: number, isBefore: (index: number) => boolean): number => {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (isBefore(middle)) low = middle + 1
    else high = middle
  }
  return low
}

/** How often the token occurs in the slot's field (0 if not): a binary search of the sorted postings. */
const countAt = (list: number[], slot: number) => {
  const at = firstNotBefore(list.length, (index) => slotOf(list[index]!) < slot)
  return at < list.length && slotOf(list[at]!) === slot ? countOf(list[at]!) : 0
}

// bm25 as SQLite's FTS5 computes it (k1 1.2, b 0.75), a title token weighing ten body tokens as the database's ranking does.
const K1 = 1.2
const B = 0.75
const TITLE_WEIGHT = 10

const idf = (entries: number, hits: number) => {
  const value = Math.log((entries - hits + 0.5) / (hits + 0.5))
  return value > 0 ? value : 1e-6
}

const popcount = (word: number) => {
  let x = word - ((word >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

const countBits = (bits: Int32Array) => {
  let count = 0
  for (const word of bits) count += popcount(word)
  return count
}

const tokenCounts = (text: string): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const token of text.split(' ')) if (token) counts.set(token, (counts.get(token) ?? 0) + 1)
  return counts
}

const isBetter = (a: { rank: number; rowid: number }, b: { rank: number; rowid: number }) => a.rank > b.rank || (a.rank === b.rank && a.rowid > b.rowid)

/** The `count` best hits, best first (highest rank, then newest): one pass, keeping them sorted as it goes. */
const best = <Hit extends { rank: number; rowid: number }>(hits: Hit[], count: number): Hit[] => {
  if (count >= hits.length / 4) return hits.sort((a, b) => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0)).slice(0, count)
  const kept: Hit[] = []
  for (const hit of hits) {
    if (kept.length === count && !isBetter(hit, kept[count - 1]!)) continue
    let at = kept.length === count ? count - 1 : kept.length
    while (at > 0 && isBetter(hit, kept[at - 1]!)) {
      kept[at] = kept[at - 1]!
      at--
    }
    kept[at] = hit
  }
  return kept
}

/** What one query found: its groups as bitsets and what ranking them needs. */
export type MemoryMatches<Shown> = {
  inTitle: number
  total: number
  /** A page of a tier: ranked by bm25 or (`ranked` false) newest first, ties newest first. */
  page: (tier: MemoryTier, limit: number, offset: number, ranked: boolean) => MemoryHit<Shown>[]
}

/** Bytes a posting takes, roughly: a small integer in an array that grows by half when full. */
const POSTING_BYTES = 12

export class MemorySearchIndex<Shown> {
  private readonly postings = new Map<string, Postings>()
  private readonly slotOfRowid = new Map<number, number>()
  private rowids: number[] = []
  private lengths: number[] = []
  private shown: (Shown | undefined)[] = []
  private shownBytes = 0
  private live = new Int32Array(0)
  private tokenTotal = 0
  private postingCount = 0
  /** Every token, sorted (for prefixes); undefined until a prefix is asked for, or after tokens were dropped. */
  private vocabulary: string[] | undefined
  /** Tokens added since `vocabulary` was sorted: merged into it at the next prefix. */
  private newTokens: string[] = []
  private newestFirst: Int32Array | undefined
  /** A query's bitsets of one term, reused from term to term (a query runs at once, without awaiting). */
  private scratch = { inTitle: new Int32Array(0), anywhere: new Int32Array(0) }
  /** A ranked query's candidates by slot: where each stands in its list (valid for the candidates only). */
  private positions = new Int32Array(0)

  /** `sizeOf` says how many bytes (roughly) what an entry shows takes. */
  constructor(private readonly sizeOf: (shown: Shown) => number) {}

  get size(): number {
    return this.slotOfRowid.size
  }

  /** Bytes (roughly) the index holds: its postings, live and dead, and what its entries show. */
  get bytes(): number {
    return this.postingCount * POSTING_BYTES + this.shownBytes
  }

  /** Adds an entry, or replaces the one with its rowid. */
  put({ rowid, title, body, shown }: IndexedEntry<Shown>): void {
    this.remove(rowid)
    if (this.rowids.length >= MAX_SLOTS) this.compact()
    const slot = this.rowids.length
    const titleCounts = tokenCounts(title)
    const bodyCounts = tokenCounts(body)
    let length = 0
    for (const [field, counts] of [['title', titleCounts], ['body', bodyCounts]] as const) {
      for (const [token, count] of counts) {
        length += count
        let postings = this.postings.get(token)
        if (!postings) {
          postings = { title: { list: [] }, body: { list: [] } }
          this.postings.set(token, postings)
          if (this.vocabulary) this.newTokens.push(token)
        }
        addPosting(postings[field], slot, count)
        this.postingCount++
      }
    }
    this.rowids.push(rowid)
    this.lengths.push(length)
    this.shown.push(shown)
    this.shownBytes += this.sizeOf(shown)
    this.slotOfRowid.set(rowid, slot)
    this.live = withSlot(this.live, slot)
    this.tokenTotal += length
    this.newestFirst = undefined
  }

  remove(rowid: number): void {
    const slot = this.slotOfRowid.get(rowid)
    if (slot === undefined) return
    this.slotOfRowid.delete(rowid)
    clearSlot(this.live, slot)
    this.tokenTotal -= this.lengths[slot]!
    this.shownBytes -= this.sizeOf(this.shown[slot]!)
    this.shown[slot] = undefined
    this.newestFirst = undefined
    // A removed entry's postings stay until dead slots outnumber live ones.
    if (this.rowids.length > 2 * this.size + 1024) this.compact()
  }

  /**
   * The matches of entries holding every term (in their title or body; `kinds`: 'article', 'project' or both by the
   * rowid's lowest bit), split as the database's search splits them: entries whose title holds every term, then the others.
   */
  match(terms: MemoryTerm[], kinds: { article: boolean; project: boolean }): MemoryMatches<Shown> {
    const words = this.live.length
    const filter = this.live.slice()
    if (!kinds.article || !kinds.project) {
      const keepOdd = kinds.project
      for (let slot = 0; slot < this.rowids.length; slot++) {
        if ((this.rowids[slot]! % 2 === 1) !== keepOdd) clearSlot(filter, slot)
      }
    }
    const allBits = filter.slice()
    const titleBits = filter
    if (this.scratch.inTitle.length !== words) this.scratch = { inTitle: new Int32Array(words), anywhere: new Int32Array(words) }
    const { inTitle, anywhere } = this.scratch
    const found = terms.map((term) => {
      const expansions = this.expand(term)
      inTitle.fill(0)
      anywhere.fill(0)
      for (const postings of expansions) {
        orInto(inTitle, postings.title)
        orInto(anywhere, postings.body)
      }
      for (let word = 0; word < words; word++) {
        anywhere[word]! |= inTitle[word]!
        inTitle[word]! &= this.live[word]!
        anywhere[word]! &= this.live[word]!
        allBits[word]! &= anywhere[word]!
        titleBits[word]! &= inTitle[word]!
      }
      return { expansions, titleHits: countBits(inTitle), hits: countBits(anywhere) }
    })
    let bodyBits: Int32Array | undefined
    const tierBits = (tier: MemoryTier) => (tier === 'title' ? titleBits : (bodyBits ??= allBits.map((word, at) => word & ~titleBits[at]!)))

    const rank = (tier: MemoryTier, limit: number, offset: number): MemoryHit<Shown>[] => {
      const bits = tierBits(tier)
      const candidates: number[] = []
      for (let word = 0; word < words; word++) {
        for (let rest = bits[word]!; rest !== 0; rest &= rest - 1) candidates.push(word * 32 + 31 - Math.clz32(rest & -rest))
      }
      let positioned = false
      const scores = new Float64Array(candidates.length)
      const averageLength = this.tokenTotal / Math.max(1, this.size)
      const frequencies = new Float64Array(candidates.length)
      const fields: [Field, number][] = tier === 'title' ? [['title', TITLE_WEIGHT]] : [['title', TITLE_WEIGHT], ['body', 1]]
      for (const term of found) {
        frequencies.fill(0)
        for (const postings of term.expansions) {
          for (const [field, weight] of fields) {
            const list = postings[field].list
            // A long list is searched for each candidate; a short one is read through.
            if (list.length > 16 * candidates.length) {
              candidates.forEach((slot, index) => (frequencies[index]! += weight * countAt(list, slot)))
              continue
            }
            if (!positioned) {
              if (this.positions.length < this.rowids.length) this.positions = new Int32Array(this.rowids.length * 2)
              candidates.forEach((slot, index) => (this.positions[slot] = index))
              positioned = true
            }
            for (const posting of list) {
              const slot = slotOf(posting)
              if (has(bits, slot)) frequencies[this.positions[slot]!]! += weight * countOf(posting)
            }
          }
        }
        const termIdf = idf(this.size, tier === 'title' ? term.titleHits : term.hits)
        for (let index = 0; index < candidates.length; index++) {
          const frequency = frequencies[index]!
          const norm = K1 * (1 - B + (B * this.lengths[candidates[index]!]!) / averageLength)
          scores[index]! += (termIdf * frequency * (K1 + 1)) / (frequency + norm)
        }
      }
      const ranked = candidates.map((slot, index) => ({ rowid: this.rowids[slot]!, rank: scores[index]!, shown: this.shown[slot]! }))
      return best(ranked, offset + limit).slice(offset)
    }

    const newest = (tier: MemoryTier, limit: number, offset: number): MemoryHit<Shown>[] => {
      const bits = tierBits(tier)
      const page: MemoryHit<Shown>[] = []
      let skipped = 0
      for (const slot of this.slotsNewestFirst()) {
        if (!has(bits, slot)) continue
        if (skipped++ < offset) continue
        page.push({ rowid: this.rowids[slot]!, rank: 0, shown: this.shown[slot]! })
        if (page.length === limit) break
      }
      return page
    }

    return {
      inTitle: countBits(titleBits),
      total: countBits(allBits),
      page: (tier, limit, offset, ranked) => (ranked ? rank(tier, limit, offset) : newest(tier, limit, offset)),
    }
  }

  /** The postings of a term: its token's, or (a prefix) those of every token starting with it. */
  private expand({ token, prefix }: MemoryTerm): Postings[] {
    if (!prefix) {
      const postings = this.postings.get(token)
      return postings ? [postings] : []
    }
    const vocabulary = this.sortedVocabulary()
    const low = firstNotBefore(vocabulary.length, (index) => vocabulary[index]! < token)
    const expansions: Postings[] = []
    for (let at = low; at < vocabulary.length && vocabulary[at]!.startsWith(token); at++) expansions.push(this.postings.get(vocabulary[at]!)!)
    return expansions
  }

  /** The tokens in order: sorted once, then each edit's new tokens merged in (a sort of all of them took 50 ms at 100,000). */
  private sortedVocabulary(): string[] {
    if (!this.vocabulary) {
      this.vocabulary = [...this.postings.keys()].sort()
      this.newTokens = []
    } else if (this.newTokens.length > 0) {
      const added = this.newTokens.sort()
      const merged: string[] = []
      let at = 0
      for (const token of this.vocabulary) {
        while (at < added.length && added[at]! < token) merged.push(added[at++]!)
        merged.push(token)
      }
      merged.push(...added.slice(at))
      this.vocabulary = merged
      this.newTokens = []
    }
    return this.vocabulary
  }

  private slotsNewestFirst(): Int32Array {
    if (!this.newestFirst) {
      this.newestFirst = Int32Array.from(this.slotOfRowid.values()).sort((a, b) => this.rowids[b]! - this.rowids[a]!)
    }
    return this.newestFirst
  }

  /** Drops removed entries' postings and numbers the live slots anew (in the same order, so postings stay sorted). */
  private compact(): void {
    const renumbered = new Int32Array(this.rowids.length).fill(-1)
    const rowids: number[] = []
    const lengths: number[] = []
    const shown: (Shown | undefined)[] = []
    for (let slot = 0; slot < this.rowids.length; slot++) {
      if (!has(this.live, slot)) continue
      renumbered[slot] = rowids.length
      rowids.push(this.rowids[slot]!)
      lengths.push(this.lengths[slot]!)
      shown.push(this.shown[slot])
    }
    const keep = (field: FieldPostings): FieldPostings => {
      const kept: FieldPostings = { list: [] }
      for (const posting of field.list) {
        const slot = renumbered[slotOf(posting)]!
        if (slot >= 0) addPosting(kept, slot, countOf(posting))
      }
      return kept
    }
    this.postingCount = 0
    for (const [token, postings] of this.postings) {
      postings.title = keep(postings.title)
      postings.body = keep(postings.body)
      this.postingCount += postings.title.list.length + postings.body.list.length
      if (postings.title.list.length + postings.body.list.length === 0) {
        this.postings.delete(token)
        this.vocabulary = undefined
      }
    }
    this.rowids = rowids
    this.lengths = lengths
    this.shown = shown
    this.live = new Int32Array(Math.max(64, Math.ceil(rowids.length / 32) * 2))
    for (let slot = 0; slot < rowids.length; slot++) setSlot(this.live, slot)
    this.slotOfRowid.clear()
    rowids.forEach((rowid, slot) => this.slotOfRowid.set(rowid, slot))
    this.newestFirst = undefined
  }
}
