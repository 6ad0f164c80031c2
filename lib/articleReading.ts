import GithubSlugger from 'github-slugger'
import type { Token, Tokens } from 'marked'

import { isTooDeep, markdownLexer } from './markdown/markdownNesting'
import { tokensToPlainText, tokensToReadableText } from './plainText'

/** Words a reader reads per minute in scripts written with spaces. */
export const WORDS_PER_MINUTE = 230
/** Characters a reader reads per minute in Chinese, Japanese and Korean. */
export const CJK_CHARACTERS_PER_MINUTE = 500

/** One entry of an article's table of contents: a heading of depth 2 or 3, and the anchor its element gets. */
export type TocEntry = { depth: number; text: string; anchor: string }

export type ArticleReading = { readingTimeMinutes: number; toc: TocEntry[] }

const TOC_DEPTHS = new Set([2, 3])

// Han (with its radicals and ideographic marks), Kana, Hangul: each character counts as one.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu
// A run of letters or digits (combining marks belong to their letter: "é" written as e + U+0301, Devanagari vowels).
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

export type TextCounts = { words: number; cjkCharacters: number }

/** How many words (outside CJK scripts) and CJK characters a plain text has. */
export const countText = (text: string): TextCounts => {
  const cjkCharacters = text.match(CJK)?.length ?? 0
  const words = text.replace(CJK, ' ').match(WORD)?.length ?? 0
  return { words, cjkCharacters }
}

/** `max(1, ceil(words / 230 + cjkCharacters / 500))`. */
export const minutesFor = ({ words, cjkCharacters }: TextCounts): number =>
  Math.max(1, Math.ceil(words / WORDS_PER_MINUTE + cjkCharacters / CJK_CHARACTERS_PER_MINUTE))

/** Every heading of the document, at any depth and inside block quotes and lists too, in document order. */
const headingsOf = (tokens: Token[], out: Tokens.Heading[] = []): Tokens.Heading[] => {
  for (const token of tokens) {
    if (token.type === 'heading') out.push(token as Tokens.Heading)
    else if (token.type === 'list') headingsOf((token as Tokens.List).items, out)
    else if (token.type !== 'table' && 'tokens' in token && token.tokens) headingsOf(token.tokens, out)
  }
  return out
}

/**
 * Reading time and table of contents of a Markdown document, from one lexing. Anchors are what one github-slugger
 * fed every heading (all depths, in order) gives, as rehype-slug does, so they match the ids a front end renders.
 */
export const articleReading = (markdown: string): ArticleReading => {
  let tokens: Token[]
  try {
    tokens = markdownLexer().lex(markdown)
  } catch (error) {
    // Nested too deeply (refused on save since MAX_MARKDOWN_NESTING; older records may hold it): the words as written.
    if (isTooDeep(error)) return { readingTimeMinutes: minutesFor(countText(markdown)), toc: [] }
    throw error
  }
  const slugger = new GithubSlugger()
  const toc: TocEntry[] = []
  for (const heading of headingsOf(tokens)) {
    const text = tokensToPlainText(heading.tokens)
    const anchor = slugger.slug(text)
    if (TOC_DEPTHS.has(heading.depth)) toc.push({ depth: heading.depth, text, anchor })
  }
  return { readingTimeMinutes: minutesFor(countText(tokensToReadableText(tokens))), toc }
}

const isTocEntry = (value: unknown): value is TocEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'depth') === 'number' &&
  typeof Reflect.get(value, 'text') === 'string' &&
  typeof Reflect.get(value, 'anchor') === 'string'

/** A stored table of contents when it has the right shape (a JSON column can hold anything), else undefined. */
export const storedToc = (value: unknown): TocEntry[] | undefined =>
  Array.isArray(value) && value.every(isTocEntry) ? value.map(({ depth, text, anchor }) => ({ depth, text, anchor })) : undefined
