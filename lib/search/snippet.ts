import { foldText, type QueryTerm, textWords } from './searchText'

const SNIPPET_LENGTH = 160
/** Code points of context kept before the first match. */
const LEAD = 40

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`)

const codePoints = (text: string): number => {
  let count = 0
  for (const _ of text) count++
  return count
}

/** Code point offset of each UTF-16 index that starts a code point (Intl.Segmenter gives UTF-16 indexes). */
const codePointOffsets = (text: string): Map<number, number> => {
  const offsets = new Map<number, number>()
  let index = 0
  let offset = 0
  for (const character of text) {
    offsets.set(index, offset++)
    index += character.length
  }
  offsets.set(index, offset)
  return offsets
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

/** Characters (UTF-16) taken around the first match for the snippet: word segmentation is slow on long texts. */
const WINDOW_BEFORE = LEAD + 20
const WINDOW_AFTER = SNIPPET_LENGTH + 80

const isLowSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * The part of the text the snippet can come from: around the first place a token occurs, found in the folded text
 * (which has the same length as the text unless folding changed it; then the text's start).
 */
const windowOf = (flat: string, terms: QueryTerm[]): { text: string; cutBefore: boolean; cutAfter: boolean } => {
  const folded = foldText(flat)
  const positions = folded.length === flat.length ? terms.flatMap((term) => term.tokens.map((token) => folded.indexOf(token))) : []
  const anchor = Math.min(...positions.filter((position) => position >= 0), Number.MAX_SAFE_INTEGER)
  let start = anchor === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, anchor - WINDOW_BEFORE)
  let end = Math.min(flat.length, (anchor === Number.MAX_SAFE_INTEGER ? 0 : anchor) + WINDOW_AFTER)
  if (start > 0 && isLowSurrogate(flat, start)) start--
  if (end < flat.length && isLowSurrogate(flat, end)) end++
  return { text: flat.slice(start, end), cutBefore: start > 0, cutAfter: end < flat.length }
}

/**
 * At most 160 code points of `text` (tags aside) around its first matching word, HTML-escaped, each matching word in
 * `<mark>`…`</mark>`, the only markup. Cut at word boundaries where it can be, with … where text was left out.
 */
export const highlightSnippet = (text: string, terms: QueryTerm[]): string => {
  const window = windowOf(text.replace(/\s+/g, ' ').trim(), terms)
  const flat = window.text
  const words = textWords(flat)
  const matches = matcher(terms)
  const first = words.find((word) => matches(word.tokens))
  const points = Array.from(flat)
  const offsets = codePointOffsets(flat)
  const offsetOf = (index: number) => offsets.get(index) ?? 0
  let start = first ? Math.max(0, offsetOf(first.index) - LEAD) : 0
  // The window's first word may be cut: start after it.
  if (start > 0 || window.cutBefore) start = words.map((word) => offsetOf(word.index)).find((offset) => offset > 0 && offset >= start) ?? start
  const cutBefore = start > 0 || window.cutBefore
  // The ellipses count toward the 160.
  let end = Math.min(points.length, start + SNIPPET_LENGTH - (cutBefore ? 1 : 0))
  const cutAfter = end < points.length || window.cutAfter
  if (cutAfter) end--
  const marked = new Set(words.filter((word) => matches(word.tokens)).map((word) => offsetOf(word.index)))
  const wordEnds = new Map(words.map((word) => [offsetOf(word.index), offsetOf(word.index) + codePoints(word.segment)]))
  let html = cutBefore ? '…' : ''
  let position = start
  while (position < end) {
    const wordEnd = wordEnds.get(position)
    if (wordEnd !== undefined && marked.has(position) && wordEnd <= end) {
      html += `<mark>${escapeHtml(points.slice(position, wordEnd).join(''))}</mark>`
      position = wordEnd
    } else {
      html += escapeHtml(points[position]!)
      position++
    }
  }
  return cutAfter ? `${html}…` : html
}
