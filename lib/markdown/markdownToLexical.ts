import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { Token, Tokens } from 'marked'

import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from './blockSlugs'
import { isCodeLanguage } from './codeLanguages'
import { editorShare } from './importBudget'
import { blockNode, isBlockNode, type LexicalNode, type LexicalState, rootState } from './lexicalJson'
import { lexicalToMarkdown } from './lexicalToMarkdown'
import { editorListMarkdown } from './listMarkdown'
import { lexMarkdown } from './markdownNesting'
import { markedLoose } from './looseLists'
import { linksMatchSource } from './linkNodes'
import { withEscapesRead } from './markdownEscapes'
import { importMarkdownNodes } from './markdownImporter'
import { NO_OWN_MEDIA, type OwnMedia, uploadNode, withUploadIds } from './ownMedia'
import { isPlainBlock, plainBlockNodes } from './plainBlocks'
import { sourceUnwrapped } from './sourceUnwrapped'
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

const OPENING_FENCE = /^ {0,3}(?:`{3,}|~{3,})(.*)$/

/**
 * A fence's info string as written (marked's `lang` has its escapes read), split into the language, its first word,
 * and the rest (`filename="app/page.tsx"`, `{1,3}`), which tools that read Markdown use and renderers ignore.
 */
const fenceInfo = (token: Tokens.Code): { language: string; meta: string } => {
  if (token.codeBlockStyle === 'indented') return { language: '', meta: '' }
  const info = (OPENING_FENCE.exec(token.raw.split('\n', 1)[0] ?? '')?.[1] ?? '').trim()
  const [language = '', meta = ''] = info.split(/\s+(.*)/s)
  return { language, meta }
}

const codeBlock = (token: Tokens.Code): LexicalNode | null => {
  const { language, meta } = fenceInfo(token)
  if (language !== '' && !isCodeLanguage(language)) return null
  const code = token.codeBlockStyle === 'indented' ? token.text : fencedContent(token.raw)
  // A fence without a language stores none (null): the language select has no empty option.
  return blockNode(CODE_BLOCK_SLUG, { code, language: language === '' ? null : language, ...(meta ? { meta } : {}) })
}

/** The image a paragraph holds and nothing else, if it does. */
const onlyImage = (token: Token): Tokens.Image | null => {
  if (token.type !== 'paragraph') return null
  const [only, ...rest] = (token as Tokens.Paragraph).tokens
  return rest.length === 0 && only?.type === 'image' ? (only as Tokens.Image) : null
}

const imageBlock = (image: Tokens.Image): LexicalNode => blockNode(IMAGE_BLOCK_SLUG, { url: image.href, alt: image.text, title: image.title ?? '' })

/**
 * An image of one of this service's media files is an upload of that media item, so the editor shows the picture; any
 * other image (or one with a title, which an upload cannot carry) is an image by URL. The stored Markdown keeps the
 * author's text (markdownKeepingSource reads the same nodes from it).
 */
const imageNode = (image: Tokens.Image, ownMedia: OwnMedia): LexicalNode => {
  const doc = image.title ? undefined : ownMedia.find(image.href)
  return doc ? uploadNode(ownMedia.relationTo, doc) : imageBlock(image)
}

/** Whether a block that is not plain prose becomes nodes through the editor's import (candidateNodesEach). */
const goesThroughImport = (token: Token): boolean => !['code', 'html', 'def'].includes(token.type) && onlyImage(token) === null

/** What the editor's own Markdown import is given: the one spelling it reads of headings, rules and nested lists. */
const editorInput = (token: Token): string => {
  if (token.type === 'heading') return `${'#'.repeat((token as Tokens.Heading).depth)} ${(token as Tokens.Heading).text}`
  if (token.type === 'hr') return '---'
  if (token.type === 'list') return editorListMarkdown(token as Tokens.List) ?? token.raw
  return token.raw
}

/** The nodes the editor's Markdown import makes of a block. */
const importedNodes = (token: Token, editorConfig: SanitizedServerEditorConfig): LexicalNode[] => {
  const nodes = withEscapesRead(importMarkdownNodes(editorInput(token), editorConfig))
  // A loose list read as one editor list (editorListMarkdown took it) is that list, marked loose.
  const oneLooseList = token.type === 'list' && (token as Tokens.List).loose && nodes.length === 1 && editorListMarkdown(token as Tokens.List) !== null
  return oneLooseList ? [markedLoose(nodes[0]!)] : nodes
}

/**
 * The candidate nodes of each block: code and image blocks made here, link reference definitions and raw HTML none
 * (null), plain prose from its known shape (plainBlocks), the rest from the editor's Markdown import; blocks too long
 * to import (`tooLong`) none.
 */
const candidateNodesEach = (
  tokens: Token[],
  tooLong: Set<number>,
  editorConfig: SanitizedServerEditorConfig,
  ownMedia: OwnMedia,
): (LexicalNode[] | null)[] =>
  tokens.map((token, index): LexicalNode[] | null => {
    if (token.type === 'code') return [codeBlock(token as Tokens.Code)].filter((node) => node !== null)
    if (token.type === 'html' || token.type === 'def') return null
    const image = onlyImage(token)
    if (image) return [imageNode(image, ownMedia)]
    if (tooLong.has(index)) return null
    return plainBlockNodes(token, editorConfig) ?? importedNodes(token, editorConfig)
  })

/**
 * Whether a list became one editor list. The import cuts a list whose items its list items cannot hold (two
 * paragraphs) into lists and paragraphs, which can write back to the same HTML on their own (a paragraph's text keeps
 * its indentation) but not beside another list, whose markers then decide where one list ends.
 */
const listStaysOne = (token: Token, candidates: LexicalNode[]): boolean =>
  token.type !== 'list' || (candidates.length === 1 && candidates[0]!.type === 'list')

/**
 * A GFM footnote definition (`[^1]: text`) starts a block of its own at any line, where CommonMark (and the editor,
 * which joins a paragraph's lines) sees a line of a paragraph: a paragraph holding one is kept as written.
 */
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/m

const holdsFootnoteDefinition = (token: Token): boolean => token.type === 'paragraph' && FOOTNOTE_DEFINITION.test(token.raw)

/** One top-level block of a Markdown text: where its source is (trailing blank lines aside) and the nodes it became. */
export type MarkdownSegment = { start: number; end: number; nodes: LexicalNode[]; definitions?: true }

/** marked reads `\r\n` and `\r` as `\n`; offsets are into the text read that way. */
export const normalisedNewlines = (markdown: string): string => markdown.replace(/\r\n?/g, '\n')

/**
 * The top-level blocks of a Markdown text (marked's lexer), each with the editor nodes it becomes: editor nodes when
 * converting them back gives Markdown that renders to the same HTML (with the document's link reference definitions
 * in scope) and their links have the source's link texts, a raw Markdown block otherwise, so nothing the editor
 * cannot represent is lost. Past the text's share of editor nodes (importBudget), the rest of it is one raw Markdown
 * block. A text nested deeper than MAX_MARKDOWN_NESTING throws MarkdownTooDeepError.
 */
export const markdownSegments = (markdown: string, editorConfig: SanitizedServerEditorConfig, ownMedia: OwnMedia = NO_OWN_MEDIA): MarkdownSegment[] => {
  const tokens = lexMarkdown(markdown)
  const definitions = tokens
    .filter((token) => token.type === 'def')
    .map((token) => withoutTrailingSpace(token.raw))
    .join('\n')
  const references = definitions ? linkReferences(definitions) : undefined
  // Each block's candidate nodes, then each written back. Plain prose is not written back: its nodes are known to
  // render the same (plainBlocks).
  const allBlocks: { token: Token; start: number; end: number; plain: boolean }[] = []
  let offset = 0
  for (const token of tokens) {
    const start = offset
    offset += token.raw.length
    if (token.type === 'space') continue
    allBlocks.push({ token, start, end: start + withoutTrailingSpace(token.raw).length, plain: isPlainBlock(token) })
  }
  const { count, tooLong } = editorShare(allBlocks.map(({ token, plain }) => ({ raw: token.raw, imported: !plain && goesThroughImport(token) })))
  const blocks = allBlocks.slice(0, count)
  const allCandidates = candidateNodesEach(blocks.map(({ token }) => token), tooLong, editorConfig, ownMedia)
  // An upload of our own media stands for its image by choice: it is written back with the media's address and alt.
  const isUpload = (index: number) => allCandidates[index]?.[0]?.type === 'upload'
  const judged = blocks.flatMap(({ plain }, index) => (!plain && !isUpload(index) && allCandidates[index]?.length ? [index] : []))
  const writtenBack = new Map(judged.map((index) => [index, lexicalToMarkdown(rootState(allCandidates[index]!), editorConfig)]))

  const segments: MarkdownSegment[] = []
  let previous: Token | undefined
  for (const [index, { token, start, end, plain }] of blocks.entries()) {
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
      plain ||
      isUpload(index) ||
      (candidates !== null &&
        writtenBack.has(index) &&
        (sourceUnwrapped(token, writtenBack.get(index)!) ||
          comparableHtml(writtenBack.get(index)!, references) === comparableHtml(token.raw, references)) &&
        linksMatchSource(candidates, token.raw, references) &&
        listStaysOne(token, candidates) &&
        !holdsFootnoteDefinition(token))
    if (token.type === 'def') segments.push({ start, end, nodes: [markdownBlock(definitionText(token.raw))], definitions: true })
    else segments.push({ start, end, nodes: faithful && candidates ? candidates : [markdownBlock(token.raw)] })
  }
  const rest = allBlocks.slice(count)
  if (rest.length > 0) {
    const [start, end] = [rest[0]!.start, rest.at(-1)!.end]
    const definitions = rest.some(({ token }) => token.type === 'def')
    segments.push({ start, end, nodes: [markdownBlock(markdown.slice(start, end))], ...(definitions ? { definitions } : {}) })
  }
  return segments
}

/** An editor state for a Markdown text: its blocks' nodes (see markdownSegments), uploads holding their media's id. */
export const markdownToLexical = (markdown: string, editorConfig: SanitizedServerEditorConfig, ownMedia: OwnMedia = NO_OWN_MEDIA): LexicalState =>
  withUploadIds(rootState(markdownSegments(normalisedNewlines(markdown), editorConfig, ownMedia).flatMap((segment) => segment.nodes)))

/** An editor state holding a whole Markdown text as one raw Markdown block. */
export const rawMarkdownState = (markdown: string): LexicalState => rootState([markdownBlock(markdown)])
