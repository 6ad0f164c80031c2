// The one way text becomes search tokens, used alike when indexing, querying and highlighting, on every database:
// words found by Intl.Segmenter (which splits Chinese and Japanese by dictionary), folded to lower case without
// accents, and cut at anything that is not a letter or a digit.

const segmenter = new Intl.Segmenter('en', { granularity: 'word' })

const COMBINING_MARKS = /\p{M}+/gu
const NOT_WORD = /[^\p{L}\p{N}]+/u

/** Lower case without accents: `Café` and `cafe` are the same token. */
export const foldText = (text: string): string => text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase()

/** A word of the text as the index knows it: where it stands in the text, and its tokens. */
export type TextWord = { index: number; segment: string; tokens: string[] }

/** The tokens of one word: folded, cut at anything that is not a letter or a digit. */
const wordTokens = (segment: string): string[] => foldText(segment).split(NOT_WORD).filter(Boolean)

// Intl.Segmenter slows down with the length of what it segments (Node 20: 10,000 words 0.3 s, 40,000 words 16 s), so
// a long text is segmented a piece at a time, cut only where a word boundary is certain: after white space, before a
// letter or a digit.
const PIECE_LENGTH = 500
const CUT = /\s(?=[\p{L}\p{N}])/gu

/** Where each piece of a text starts: a cut at most every PIECE_LENGTH characters, where one can be made. */
const pieceStarts = (text: string): number[] => {
  const starts = [0]
  for (let from = PIECE_LENGTH; from < text.length; ) {
    CUT.lastIndex = from
    const cut = CUT.exec(text)
    if (!cut) break
    starts.push(cut.index + 1)
    from = cut.index + 1 + PIECE_LENGTH
  }
  return starts
}

export const textWords = (text: string): TextWord[] => {
  const words: TextWord[] = []
  const starts = pieceStarts(text)
  for (const [at, start] of starts.entries()) {
    for (const { segment, index, isWordLike } of segmenter.segment(text.slice(start, starts[at + 1]))) {
      if (!isWordLike) continue
      const tokens = wordTokens(segment)
      if (tokens.length > 0) words.push({ index: start + index, segment, tokens })
    }
  }
  return words
}

// Scripts whose words only a dictionary finds (no spaces between them). Elsewhere a word's tokens are its runs of
// letters, digits and marks, which a regular expression finds a hundred times faster than Intl.Segmenter.
const NEEDS_DICTIONARY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const LETTER_RUN = /[\p{L}\p{N}\p{M}]+/gu
const ASCII = /^[\x00-\x7f]*$/

/**
 * The words of a text for highlighting, one at a time (undefined after the last): the same tokens as `textWords`,
 * found fast where no dictionary is needed, and only as far as the caller reads. A word joined by punctuation
 * (`don't`) is several words here, which only changes where a highlight ends.
 */
export const wordReader = (text: string): (() => TextWord | undefined) => {
  if (NEEDS_DICTIONARY.test(text)) {
    const words = textWords(text)
    let next = 0
    return () => words[next++]
  }
  // An ASCII word is its own single token, lower-cased: no Unicode folding needed.
  const tokensOf = ASCII.test(text) ? (segment: string) => [segment.toLowerCase()] : wordTokens
  const runs = new RegExp(LETTER_RUN.source, LETTER_RUN.flags)
  return () => {
    for (let match = runs.exec(text); match; match = runs.exec(text)) {
      const tokens = tokensOf(match[0])
      if (tokens.length > 0) return { index: match.index, segment: match[0], tokens }
    }
    return undefined
  }
}

/** The text as the index stores it: its tokens, separated by spaces. */
export const indexedText = (text: string): string =>
  textWords(text)
    .flatMap((word) => word.tokens)
    .join(' ')

/** One part of a query: tokens that must stand together, in order (one token for most words). */
export type QueryTerm = { tokens: string[]; prefix: boolean }

/**
 * The terms of a query. Every term must match (AND). `"…"` is a phrase; a word that segments into several tokens
 * (Chinese, `e-mail`) is one too. The last term outside quotes also matches as a prefix (search as you type).
 * Operators of the databases' query languages are only text here: a query can never be a syntax error.
 */
export const parseQuery = (query: string): QueryTerm[] => {
  const terms: QueryTerm[] = []
  let lastUnquoted = -1
  query.split('"').forEach((part, position) => {
    const quoted = position % 2 === 1
    if (quoted) {
      const tokens = textWords(part).flatMap((word) => word.tokens)
      if (tokens.length > 0) terms.push({ tokens, prefix: false })
      return
    }
    for (const word of textWords(part)) {
      terms.push({ tokens: word.tokens, prefix: false })
      lastUnquoted = terms.length - 1
    }
  })
  // Only a word still being typed is a prefix: a query ending in a space or a closed quote is complete.
  const lastTerm = terms[lastUnquoted]
  if (lastTerm && lastUnquoted === terms.length - 1 && !/[\s"]$/u.test(query)) lastTerm.prefix = true
  return terms
}
