import type { Token } from 'marked'

import { isTooDeep, markdownLexer } from './markdown/markdownNesting'

// Tokens whose text is not prose: code blocks, raw HTML, images, horizontal rules.
const SKIPPED = new Set(['code', 'html', 'image', 'hr', 'space', 'def'])
// The same, but code blocks kept (their text is read too: reading time).
const SKIPPED_KEEPING_CODE = new Set([...SKIPPED].filter((type) => type !== 'code'))

const BLOCKS = new Set(['heading', 'paragraph', 'blockquote', 'list', 'list_item', 'table'])

const decodeEntities = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')

const collect = (tokens: Token[], out: string[], skipped: ReadonlySet<string> = SKIPPED): void => {
  for (const token of tokens) {
    if (skipped.has(token.type)) continue
    if (token.type === 'table') {
      const table = token as Token & { header: { tokens: Token[] }[]; rows: { tokens: Token[] }[][] }
      for (const cell of [...table.header, ...table.rows.flat()]) {
        collect(cell.tokens, out, skipped)
        out.push(' ')
      }
    } else if (token.type === 'list') {
      collect((token as Token & { items: Token[] }).items, out, skipped)
    } else if ('tokens' in token && token.tokens) {
      collect(token.tokens, out, skipped)
    } else if (token.type === 'code') {
      out.push((token as { text: string }).text)
    } else if (token.type === 'codespan' || token.type === 'text' || token.type === 'escape') {
      out.push(decodeEntities((token as { text: string }).text))
    } else if (token.type === 'br') {
      out.push(' ')
    }
    if (BLOCKS.has(token.type)) out.push(' ')
  }
}

const plainTextOf = (tokens: Token[], skipped: ReadonlySet<string> = SKIPPED): string => {
  const out: string[] = []
  collect(tokens, out, skipped)
  return out.join('').replace(/\s+/g, ' ').trim()
}

/** The plain text of lexed Markdown tokens (a heading's inline tokens, say): as `markdownToPlainText` reads them. */
export const tokensToPlainText = (tokens: Token[]): string => plainTextOf(tokens)

/** The plain text of lexed Markdown with the text of code blocks kept (what a reader reads through). */
export const tokensToReadableText = (tokens: Token[]): string => plainTextOf(tokens, SKIPPED_KEEPING_CODE)

/** Markdown nested too deeply to read (refused on save since MAX_MARKDOWN_NESTING; older records may hold it): as written. */
const asWritten = (markdown: string): string => markdown.replace(/\s+/g, ' ').trim()

/** The readable text of a Markdown document: no markup, links reduced to their text, code blocks and HTML left out. */
export const markdownToPlainText = (markdown: string): string => {
  try {
    return plainTextOf(markdownLexer().lex(markdown))
  } catch (error) {
    if (isTooDeep(error)) return asWritten(markdown)
    throw error
  }
}

/** The first `max` Unicode code points of a text (never half a surrogate pair), without trailing white space. */
export const truncateCodePoints = (text: string, max: number): string => {
  const points = Array.from(text)
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd()
}

const hasMoreCodePointsThan = (text: string, count: number): boolean => {
  if (text.length <= count) return false
  let points = 0
  for (const _ of text) if (++points > count) return true
  return false
}

/**
 * `truncateCodePoints(markdownToPlainText(markdown), max)`, without lexing the inline text of the whole document:
 * it does what `Lexer.lex` does in two steps (block tokens for the whole text, then inline tokens from a queue).
 * Block lexing runs over all of it (link definitions anywhere change what earlier text means), then the inline
 * queue, which is in document order, is worked through only until the text has more than `max` code points: the
 * blocks not yet lexed can only add text after that, so the first `max` code points are already final.
 */
const lexedExcerpt = (markdown: string, max: number): string => {
  const lexer = markdownLexer()
  const tokens = lexer.blockTokens(markdown.replace(/\r\n|\r/g, '\n'), lexer.tokens)
  let lexedSource = 0
  for (const queued of lexer.inlineQueue) {
    lexer.state.inRawBlock = false
    lexer.inlineTokens(queued.src, queued.tokens)
    lexedSource += queued.src.length
    // A look costs a walk over the tokens: wait until enough source is lexed to be likely to give `max` code points.
    if (lexedSource > max) {
      const text = plainTextOf(tokens)
      if (hasMoreCodePointsThan(text, max)) return truncateCodePoints(text, max)
    }
  }
  return truncateCodePoints(plainTextOf(tokens), max)
}

/**
 * Markdown lexed for an excerpt at most: block lexing runs over all it is given, and 490,000 characters of one list or
 * paragraph took 0.2-1.1 s of a public list's or feed's request. An excerpt needs the start of the text; past this, a
 * link defined only further down shows as written.
 */
const EXCERPT_SOURCE_CHARS = 16 * 1024

/** `lexedExcerpt` of the start, or for Markdown too deeply nested to lex, the start of its text as written. */
export const markdownExcerpt = (markdown: string, max: number): string => {
  try {
    return lexedExcerpt(markdown.length > EXCERPT_SOURCE_CHARS ? markdown.slice(0, EXCERPT_SOURCE_CHARS) : markdown, max)
  } catch (error) {
    if (isTooDeep(error)) return truncateCodePoints(asWritten(markdown), max)
    throw error
  }
}
