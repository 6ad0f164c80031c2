import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { Token, Tokens } from 'marked'

import type { LexicalNode } from './lexicalJson'
import { importMarkdownNodes } from './markdownImporter'

/**
 * Prose without anything Markdown, the editor's import or its writer reads as syntax (emphasis, links, HTML, entities,
 * escapes, tables, highlights, bare addresses) other than code spans of one backtick. Such a text renders as its
 * characters, and the editor writes it back as it is.
 */
const PLAIN_TEXT = /^[^\\`*_[\]<>&~|!#=$^{}]*$/
const CODE_SPAN = /`([^`\s\\](?:[^`\\]*[^`\s\\])?)`/g

type Piece = { text: string; code: boolean }

/** The text and code-span pieces of a plain text, or null when it is not one. */
const plainPieces = (text: string): Piece[] | null => {
  if (/^\s|\s$|\s{2}|:\/\/|www\./i.test(text)) return null
  const pieces: Piece[] = []
  let offset = 0
  for (const match of text.matchAll(CODE_SPAN)) {
    if (match.index > offset) pieces.push({ text: text.slice(offset, match.index), code: false })
    pieces.push({ text: match[1]!, code: true })
    offset = match.index + match[0].length
  }
  if (offset < text.length) pieces.push({ text: text.slice(offset), code: false })
  return pieces.every((piece) => piece.code || PLAIN_TEXT.test(piece.text)) ? pieces : null
}

/** A paragraph line that can only continue or start a paragraph: it starts with a letter, a digit or a code span. */
const PARAGRAPH_LINE = /^[\p{L}\p{N}`]/u
const LIST_START = /^\d+[.)](\s|$)/

const plainParagraph = (token: Token): Piece[] | null => {
  if (token.type !== 'paragraph') return null
  const lines = token.raw.replace(/\n+$/, '').split('\n')
  if (!lines.every((line) => PARAGRAPH_LINE.test(line) && !LIST_START.test(line) && !/\s$/.test(line))) return null
  return plainPieces(lines.join(' '))
}

const plainHeading = (token: Token): Piece[] | null => {
  if (token.type !== 'heading') return null
  const heading = token as Tokens.Heading
  if (heading.raw.replace(/\s+$/, '') !== `${'#'.repeat(heading.depth)} ${heading.text}` || heading.text.trim() === '') return null
  return plainPieces(heading.text)
}

/** Whether a block is a paragraph or a one-line `#` heading of plain text and code spans (see plainBlockNodes). */
export const isPlainBlock = (token: Token): boolean => plainParagraph(token) !== null || plainHeading(token) !== null

type Templates = { paragraph: LexicalNode; headings: LexicalNode[]; text: LexicalNode; code: LexicalNode }

const templates = new WeakMap<SanitizedServerEditorConfig, Templates>()

/** The nodes the editor's import makes of one word, as a paragraph, as each heading level and as code, made once. */
const templatesFor = (editorConfig: SanitizedServerEditorConfig): Templates => {
  let found = templates.get(editorConfig)
  if (!found) {
    const paragraph = importMarkdownNodes('x', editorConfig)[0]!
    found = {
      paragraph: { ...paragraph, children: [] },
      headings: [1, 2, 3, 4, 5, 6].map((depth) => ({ ...importMarkdownNodes(`${'#'.repeat(depth)} x`, editorConfig)[0]!, children: [] })),
      text: paragraph.children![0]!,
      code: importMarkdownNodes('`x`', editorConfig)[0]!.children![0]!,
    }
    templates.set(editorConfig, found)
  }
  return found
}

/** The block with its pieces as text nodes; like the import, a paragraph's text format is its first text's. */
const withPieces = (template: LexicalNode, pieces: Piece[], found: Templates): LexicalNode => {
  const children: LexicalNode[] = pieces.map((piece) => ({ ...(piece.code ? found.code : found.text), text: piece.text }))
  return 'textFormat' in template ? { ...template, textFormat: children[0]?.format ?? 0, children } : { ...template, children }
}

/**
 * The editor nodes of a paragraph or a one-line `#` heading of plain text and code spans, made without the editor's
 * import and known to write back to Markdown that renders the same (the corpus test checks both against the full
 * conversion); null for any other block. Soft line breaks become spaces, as the import joins a paragraph's lines.
 */
export const plainBlockNodes = (token: Token, editorConfig: SanitizedServerEditorConfig): LexicalNode[] | null => {
  const found = templatesFor(editorConfig)
  const paragraph = plainParagraph(token)
  if (paragraph) return [withPieces(found.paragraph, paragraph, found)]
  const heading = plainHeading(token)
  if (heading) return [withPieces(found.headings[(token as Tokens.Heading).depth - 1]!, heading, found)]
  return null
}
