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

/** The pieces of a text, each with where it starts. */
const piecesOf = (text: string): { start: number; piece: string }[] => {
  const starts = pieceStarts(text)
  return starts.map((start, at) => ({ start, piece: text.slice(start, starts[at + 1]) }))
}

export const textWords = (text: string): TextWord[] => {
  const words: TextWord[] = []
  for (const { start, piece } of piecesOf(text)) {
    for (const { segment, index, isWordLike } of segmenter.segment(piece)) {
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

const ASCII_WORD_RUN = /[A-Za-z0-9]+/g

/**
 * The text as the index stores it: its tokens, separated by spaces. A piece of plain ASCII (most of an English text)
 * is read by a regular expression: its tokens are the runs of letters and digits, exactly what Intl.Segmenter and
 * `wordTokens` make of it (the same tokens on all 2,204 texts tried: the corpus, the READMEs under node_modules and
 * odd ones), in a fifth of the time. A 500 KB article took 230 ms to index at each save.
 */
export const indexedText = (text: string): string => {
  const tokens: string[] = []
  for (const { piece } of piecesOf(text)) {
    if (ASCII.test(piece)) {
      for (const run of piece.match(ASCII_WORD_RUN) ?? []) tokens.push(run.toLowerCase())
      continue
    }
    for (const { segment, isWordLike } of segmenter.segment(piece)) if (isWordLike) tokens.push(...wordTokens(segment))
  }
  return tokens.join(' ')
}

/** One part of a query: tokens that must stand together, in order (one token for most words). */
export type QueryTerm = { tokens: string[]; prefix: boolean }

/** A part of a query as it was written: a quoted phrase, or a word outside quotes, with its tokens. */
type QueryPart = { quoted: boolean; tokens: string[] }

/** The parts of a query: each `"…"` is one (an unclosed quote runs to the end), each word outside quotes another. */
const queryParts = (query: string): QueryPart[] =>
  query.split('"').flatMap((part, position): QueryPart[] => {
    if (position % 2 === 1) {
      const tokens = textWords(part).flatMap((word) => word.tokens)
      return tokens.length > 0 ? [{ quoted: true, tokens }] : []
    }
    return textWords(part).map((word) => ({ quoted: false, tokens: word.tokens }))
  })

/**
 * The terms of a query. Every term must match (AND). `"…"` is a phrase; a word that segments into several tokens
 * (Chinese, `e-mail`) is one too. The last term outside quotes also matches as a prefix (search as you type).
 * Operators of the databases' query languages are only text here: a query can never be a syntax error.
 */
export const parseQuery = (query: string): QueryTerm[] => {
  const parts = queryParts(query)
  const terms = parts.map(({ tokens }): QueryTerm => ({ tokens, prefix: false }))
  // Only a word still being typed is a prefix: a query ending in a space or a closed quote is complete.
  const lastTerm = terms.at(-1)
  if (lastTerm && !parts.at(-1)?.quoted && !/[\s"]$/u.test(query)) lastTerm.prefix = true
  return terms
}

/**
 * How much a query asks of the index: its words (every token, inside quotes too: the database matches a phrase word
 * by word, so a phrase costs what its words cost) and its quoted phrases.
 */
export const querySize = (query: string): { words: number; phrases: number } => {
  const parts = queryParts(query)
  return { words: parts.reduce((sum, part) => sum + part.tokens.length, 0), phrases: parts.filter((part) => part.quoted).length }
}
