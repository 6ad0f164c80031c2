import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { Lexer, type Token, type Tokens } from 'marked'

import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from './blockSlugs'
import { isCodeLanguage } from './codeLanguages'
import { blockNode, isBlockNode, type LexicalNode, type LexicalState, rootState } from './lexicalJson'
import { lexicalToMarkdownEach } from './lexicalToMarkdownEach'
import { editorListMarkdown } from './listMarkdown'
import { linksMatchSource } from './linkNodes'
import { withEscapesRead } from './markdownEscapes'
import { importMarkdownNodes } from './markdownImporter'
import { comparableHtml, linkReferences } from './renderHtml'

const withoutTrailingSpace = (text: string): string => text.replace(/\s+$/, '')

const markdownBlock = (markdown: string): LexicalNode => blockNode(MARKDOWN_BLOCK_SLUG, { markdown: withoutTrailingSpace(markdown) })

/**
 * A link reference definition without the up to three spaces it may be indented by: they mean nothing at the top
 * level, but after a list written by the editor (`- ` items) they would make the definitions part of its last item.
 */
const definitionText = (raw: string): string => withoutTrailingSpace(raw).replace(/^ {1,3}/, '')

const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

/**
 * The code between a fence's lines, read from the source: marked's `text` drops a trailing blank line. Each line loses
 * as much indentation as the opening fence had, as CommonMark says.
 */
const fencedContent = (raw: string): string => {
  const lines = raw.replace(/\n+$/, '').split('\n')
  const indent = /^ */.exec(lines[0] ?? '')?.[0].length ?? 0
  const body = lines.length > 1 && CLOSING_FENCE.test(lines.at(-1) ?? '') ? lines.slice(1, -1) : lines.slice(1)
  return body.map((line) => line.replace(new RegExp(`^ {0,${indent}}`), '')).join('\n')
}

const codeBlock = (token: Tokens.Code): LexicalNode | null => {
  const language = token.lang ?? ''
  if (language !== '' && !isCodeLanguage(language)) return null
  const code = token.codeBlockStyle === 'indented' ? token.text : fencedContent(token.raw)
  // A fence without a language stores none (null): the language select has no empty option.
  return blockNode(CODE_BLOCK_SLUG, { code, language: language === '' ? null : language })
}

const imageBlock = (token: Tokens.Paragraph): LexicalNode | null => {
  const [only, ...rest] = token.tokens
  if (rest.length > 0 || only?.type !== 'image') return null
  const image = only as Tokens.Image
  return blockNode(IMAGE_BLOCK_SLUG, { url: image.href, alt: image.text, title: image.title ?? '' })
}

/** What the editor's own Markdown import is given: the one spelling it reads of headings, rules and nested lists. */
const editorInput = (token: Token): string => {
  if (token.type === 'heading') return `${'#'.repeat((token as Tokens.Heading).depth)} ${(token as Tokens.Heading).text}`
  if (token.type === 'hr') return '---'
  if (token.type === 'list') return editorListMarkdown(token as Tokens.List) ?? token.raw
  return token.raw
}

const candidateNodes = (token: Token, editorConfig: SanitizedServerEditorConfig): LexicalNode[] | null => {
  if (token.type === 'code') return [codeBlock(token as Tokens.Code)].filter((node) => node !== null)
  if (token.type === 'html' || token.type === 'def') return null
  const image = token.type === 'paragraph' ? imageBlock(token as Tokens.Paragraph) : null
  if (image) return [image]
  return withEscapesRead(importMarkdownNodes(editorInput(token), editorConfig))
}

/** One top-level block of a Markdown text: where its source is (trailing blank lines aside) and the nodes it became. */
export type MarkdownSegment = { start: number; end: number; nodes: LexicalNode[]; definitions?: true }

/** marked reads `\r\n` and `\r` as `\n`; offsets are into the text read that way. */
export const normalisedNewlines = (markdown: string): string => markdown.replace(/\r\n?/g, '\n')

/**
 * The top-level blocks of a Markdown text (marked's lexer), each with the editor nodes it becomes: editor nodes when
 * converting them back gives Markdown that renders to the same HTML (with the document's link reference definitions
 * in scope) and their links have the source's link texts, a raw Markdown block otherwise, so nothing the editor
 * cannot represent is lost.
 */
export const markdownSegments = (markdown: string, editorConfig: SanitizedServerEditorConfig): MarkdownSegment[] => {
  const tokens = new Lexer({ gfm: true }).lex(markdown)
  const definitions = tokens
    .filter((token) => token.type === 'def')
    .map((token) => withoutTrailingSpace(token.raw))
    .join('\n')
  const references = definitions ? linkReferences(definitions) : undefined
  // Each block's candidate nodes first, then all of them written back in one conversion.
  const blocks: { token: Token; start: number; end: number }[] = []
  let offset = 0
  for (const token of tokens) {
    const start = offset
    offset += token.raw.length
    if (token.type !== 'space') blocks.push({ token, start, end: start + withoutTrailingSpace(token.raw).length })
  }
  const allCandidates = blocks.map(({ token }) => candidateNodes(token, editorConfig))
  const writtenBack = lexicalToMarkdownEach(allCandidates.map((candidates) => candidates ?? []), editorConfig)

  const segments: MarkdownSegment[] = []
  let previous: Token | undefined
  for (const [index, { token, start, end }] of blocks.entries()) {
    const candidates = allCandidates[index]!
    const last = segments.at(-1)
    const lastNode = last?.nodes[0]
    if (token.type === 'def' && previous?.type === 'def' && last && lastNode && isBlockNode(lastNode)) {
      // Link reference definitions that follow each other stay together in one block.
      lastNode.fields.markdown = `${lastNode.fields.markdown as string}\n${definitionText(token.raw)}`
      last.end = end
      continue
    }
    previous = token
    const faithful =
      candidates !== null &&
      candidates.length > 0 &&
      comparableHtml(writtenBack[index]!, references) === comparableHtml(token.raw, references) &&
      linksMatchSource(candidates, token.raw, references)
    if (token.type === 'def') segments.push({ start, end, nodes: [markdownBlock(definitionText(token.raw))], definitions: true })
    else segments.push({ start, end, nodes: faithful && candidates ? candidates : [markdownBlock(token.raw)] })
  }
  return segments
}

/** An editor state for a Markdown text: its blocks' nodes (see markdownSegments). */
export const markdownToLexical = (markdown: string, editorConfig: SanitizedServerEditorConfig): LexicalState =>
  rootState(markdownSegments(normalisedNewlines(markdown), editorConfig).flatMap((segment) => segment.nodes))
