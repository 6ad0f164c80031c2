import { foldText, type QueryTerm, type TextWord, wordReader } from './searchText'

const SNIPPET_LENGTH = 160
/** Code points of context kept before the first match. */
const LEAD = 40

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`)

const isHighSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index)
  return code >= 0xd800 && code <= 0xdbff
}

const isLowSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff
}

/** The UTF-16 index `count` code points after `index` (at most the text's end). */
const forward = (text: string, index: number, count: number): number => {
  let at = index
  for (let step = 0; step < count && at < text.length; step++) at += isHighSurrogate(text, at) && isLowSurrogate(text, at + 1) ? 2 : 1
  return at
}

/** The UTF-16 index `count` code points before `index` (at least 0). */
const backward = (text: string, index: number, count: number): number => {
  let at = index
  for (let step = 0; step < count && at > 0; step++) at -= at >= 2 && isLowSurrogate(text, at - 1) && isHighSurrogate(text, at - 2) ? 2 : 1
  return at
}

/** Whether a word of the text is one the query asked for (the prefix term's last token as a prefix). */
const matcher = (terms: QueryTerm[]) => {
  const exact = new Set<string>()
  const prefixes: string[] = []
  for (const term of terms) {
    term.tokens.forEach((token, index) => (term.prefix && index === term.tokens.length - 1 ? prefixes.push(token) : exact.add(token)))
  }
  return (tokens: string[]) => tokens.some((token) => exact.has(token) || prefixes.some((prefix) => token.startsWith(prefix)))
}

/**
 * Characters (UTF-16) of the raw text taken around the first match: twice what the snippet needs around it, since
 * collapsing whitespace shortens it. Only this window is segmented into words, which is slow on long texts.
 */
const WINDOW_BEFORE = 2 * (LEAD + 20)
const WINDOW_AFTER = 2 * (SNIPPET_LENGTH + 80)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const NON_ASCII = /[^\x00-\x7f]/
const NON_SPACE = /\S/g
/** Runs of whitespace other than a single space (which collapsing would only replace with itself). */
const WHITESPACE_TO_COLLAPSE = / \s+|[^\S ]\s*/g

/** A case-insensitive search for any token of the query, made once per query. */
const tokenSearches = new WeakMap<QueryTerm[], RegExp>()
const tokenSearch = (terms: QueryTerm[]): RegExp => {
  let search = tokenSearches.get(terms)
  if (!search) {
    search = new RegExp(terms.flatMap((term) => term.tokens).map(escapeRegExp).join('|'), 'i')
    tokenSearches.set(terms, search)
  }
  return search
}

/**
 * Where a token of the query first occurs in the text, or -1: found case-insensitively in the text itself (no copy
 * of it), else, in a text with letters beyond ASCII, in its folded form where folding keeps the text's length. Any
 * occurrence will do to place the window; the words inside it decide what is marked.
 */
const firstOccurrence = (text: string, terms: QueryTerm[]): number => {
  const found = text.search(tokenSearch(terms))
  if (found >= 0 || !NON_ASCII.test(text)) return found
  const folded = foldText(text)
  if (folded.length !== text.length) return -1
  const indexes = terms.flatMap((term) => term.tokens).map((token) => folded.indexOf(token)).filter((index) => index >= 0)
  return indexes.length === 0 ? -1 : Math.min(...indexes)
}

/** Whether the text holds anything but whitespace from `from` on (before `to`, when given). */
const hasTextBetween = (text: string, from: number, to = text.length): boolean => {
  NON_SPACE.lastIndex = from
  const found = NON_SPACE.exec(text)
  return found !== null && found.index < to
}

/** The part of the text the snippet can come from, its whitespace collapsed, and whether text was left out around it. */
const windowOf = (text: string, terms: QueryTerm[]): { text: string; cutBefore: boolean; cutAfter: boolean } => {
  const anchor = Math.max(0, firstOccurrence(text, terms))
  let start = Math.max(0, anchor - WINDOW_BEFORE)
  let end = Math.min(text.length, anchor + WINDOW_AFTER)
  if (start > 0 && isLowSurrogate(text, start)) start--
  if (end < text.length && isLowSurrogate(text, end)) end++
  const cutBefore = start > 0 && hasTextBetween(text, 0, start)
  const cutAfter = end < text.length && hasTextBetween(text, end)
  const collapsed = text.slice(start, end).replace(WHITESPACE_TO_COLLAPSE, ' ')
  return { text: (cutBefore ? collapsed : collapsed.trimStart()).trimEnd(), cutBefore, cutAfter }
}

/**
 * At most 160 code points of `text` (tags aside) around its first matching word, HTML-escaped, each matching word in
 * `<mark>`…`</mark>`, the only markup. Cut at word boundaries where it can be, with … where text was left out.
 */
export const highlightSnippet = (text: string, terms: QueryTerm[]): string => {
  const window = windowOf(text, terms)
  const flat = window.text
  const matches = matcher(terms)
  // Words are read only as far as the snippet needs them: up to the first match, then to the snippet's end.
  const next = wordReader(flat)
  const read: TextWord[] = []
  const readUntil = (done: (word: TextWord) => boolean): TextWord | undefined => {
    const found = read.find(done)
    if (found) return found
    for (let word = next(); word; word = next()) {
      read.push(word)
      if (done(word)) return word
    }
    return undefined
  }
  const firstMatch = readUntil((word) => matches(word.tokens))
  let start = firstMatch ? backward(flat, firstMatch.index, LEAD) : 0
  // The window's first word may be cut: start after it.
  if (start > 0 || window.cutBefore) start = readUntil((word) => word.index > 0 && word.index >= start)?.index ?? start
  const cutBefore = start > 0 || window.cutBefore
  // The ellipses count toward the 160.
  let end = forward(flat, start, SNIPPET_LENGTH - (cutBefore ? 1 : 0))
  const cutAfter = end < flat.length || window.cutAfter
  if (cutAfter) end = backward(flat, end, 1)
  readUntil((word) => word.index >= end)
  let html = cutBefore ? '…' : ''
  let position = start
  for (const word of read) {
    const wordEnd = word.index + word.segment.length
    if (word.index < position || wordEnd > end || !matches(word.tokens)) continue
    html += `${escapeHtml(flat.slice(position, word.index))}<mark>${escapeHtml(word.segment)}</mark>`
    position = wordEnd
  }
  html += escapeHtml(flat.slice(position, Math.max(position, end)))
  return cutAfter ? `${html}…` : html
}
