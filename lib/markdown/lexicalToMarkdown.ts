import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { $convertToMarkdownString } from '@payloadcms/richtext-lexical/lexical/markdown'

import { markdownKeepingBareUrls } from './bareUrls'
import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from './blockSlugs'
import { editorFor } from './headlessEditor'
import { type BlockFields, blockNode, isBlockNode, type LexicalNode, type LexicalState, rootState } from './lexicalJson'
import { EDITOR_MARKER, freeMarker, listEdges, type ListKind, type ListMarker, withMarker } from './listMarkers'
import { isLooseList, withItemsApart } from './looseLists'


const longestRun = (text: string, character: '`' | '~'): number =>
  Math.max(0, ...Array.from(text.matchAll(character === '`' ? /`+/g : /~+/g), (match) => match[0].length))

/**
 * A fence longer than any run of its character inside the code, so the code can never close it early: backticks, or
 * tildes when the info string holds a backtick (CommonMark does not allow one after a backtick fence). The info string
 * is one line.
 */
export const fencedCode = (code: string, info: string): string => {
  const oneLine = info.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  const character = oneLine.includes('`') ? '~' : '`'
  const fence = character.repeat(Math.max(3, longestRun(code, character) + 1))
  return `${fence}${oneLine}\n${code}\n${fence}`
}

/** The info string of a code block: its language, then whatever else the fence carried (`filename="a.ts"`). */
const codeInfo = (language: string, meta: string): string => [language, meta.trim()].filter((part) => part !== '').join(' ')

const escapeAlt = (text: string): string => text.replace(/[\\[\]]/g, '\\$&')

const imageDestination = (url: string): string => (/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url)

export const imageMarkdown = ({ url, alt, title }: { url: string; alt?: string; title?: string }): string => {
  const titlePart = title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : ''
  return `![${escapeAlt(alt ?? '')}](${imageDestination(url)}${titlePart})`
}

const blockMarkdown = (fields: BlockFields): string | null => {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '')
  if (fields.blockType === CODE_BLOCK_SLUG) return fencedCode(text('code'), codeInfo(text('language'), text('meta')))
  if (fields.blockType === IMAGE_BLOCK_SLUG) return imageMarkdown({ url: text('url'), alt: text('alt'), title: text('title') })
  if (fields.blockType === MARKDOWN_BLOCK_SLUG) return text('markdown').replace(/\s+$/, '')
  return null
}

const listKind = (node: LexicalNode): ListKind | undefined =>
  node.type !== 'list' ? undefined : node.listType === 'number' ? 'number' : 'bullet'

const isMarkdownBlock = (node: LexicalNode): boolean => isBlockNode(node) && node.fields.blockType === MARKDOWN_BLOCK_SLUG

/** A paragraph with nothing in it writes nothing: the nodes on either side of it meet in the Markdown. */
const writesNothing = (node: LexicalNode): boolean => node.type === 'paragraph' && (node.children ?? []).length === 0

/**
 * Whether a list is written on its own, so that its markers can differ from a neighbouring list's: a list next to
 * another of its kind or next to a raw Markdown block (which may end or begin with a list), and a loose list (its
 * items apart).
 */
const writtenAlone = (node: LexicalNode, before: LexicalNode | undefined, after: LexicalNode | undefined): boolean => {
  const kind = listKind(node)
  if (kind === undefined) return false
  const meets = (other: LexicalNode | undefined) => other !== undefined && (listKind(other) === kind || isMarkdownBlock(other))
  return isLooseList(node) || meets(before) || meets(after)
}

/**
 * A top-level piece of the Markdown: `list` when it is a list written alone (its markers can be changed), `raw` when
 * it is a raw Markdown block's text (which may begin or end with a list).
 */
type Piece = { text: string; list?: ListKind; raw?: true }

/**
 * Each list written alone takes a marker that neither neighbour's list has (the editor's own when it is free): in
 * CommonMark a list right after another of the same marker continues it, whatever the blank lines between.
 */
const withListsApart = (pieces: Piece[]): string[] => {
  const texts: string[] = []
  let markerBefore: ListMarker | undefined
  for (const [index, piece] of pieces.entries()) {
    const after = pieces[index + 1]
    if (!piece.list) {
      texts.push(piece.text)
      markerBefore = undefined
      continue
    }
    const before = pieces[index - 1]?.raw ? listEdges(pieces[index - 1]!.text).last : markerBefore
    const marker = freeMarker(piece.list, [before, after?.raw ? listEdges(after.text).first : undefined])
    texts.push(marker === EDITOR_MARKER[piece.list] ? piece.text : withMarker(piece.text, marker))
    markerBefore = marker
  }
  return texts
}

/**
 * richtext-lexical's Markdown export of nodes, as its convertLexicalToMarkdown writes them, in the cached editor
 * (convertLexicalToMarkdown makes an editor each call, which costs more than most conversions).
 */
const editorMarkdown = (nodes: LexicalNode[], editorConfig: SanitizedServerEditorConfig): string => {
  const editor = editorFor(editorConfig)
  editor.update(() => editor.setEditorState(editor.parseEditorState(rootState(nodes) as SerializedEditorState)), { discrete: true })
  return editor.getEditorState().read(() => $convertToMarkdownString(editorConfig.features.markdownTransformers))
}

/** The Markdown of each top-level piece of `children`, in order (see lexicalToMarkdown). */
const markdownPieces = (children: LexicalNode[], editorConfig: SanitizedServerEditorConfig): string[] => {
  const pieces: Piece[] = []
  let run: LexicalNode[] = []
  const flushRun = (list?: ListKind, loose = false) => {
    if (run.length === 0) return
    const markdown = markdownKeepingBareUrls(run, (nodes) => editorMarkdown(nodes, editorConfig))
    const text = markdown.replace(/\s+$/, '')
    if (text.trim() !== '') pieces.push({ text: loose ? withItemsApart(text) : text, ...(list ? { list } : {}) })
    run = []
  }
  const written = children.filter((node) => !writesNothing(node))
  for (const [index, node] of written.entries()) {
    const own = isBlockNode(node) ? blockMarkdown(node.fields) : null
    if (writtenAlone(node, written[index - 1], written[index + 1])) {
      flushRun()
      run.push(node)
      flushRun(listKind(node), isLooseList(node))
    } else if (own === null) run.push(node)
    else {
      flushRun()
      pieces.push({ text: own, ...(isMarkdownBlock(node) ? { raw: true as const } : {}) })
    }
  }
  flushRun()
  return withListsApart(pieces)
}

/**
 * Markdown of an editor state. The blocks this project defines (code, image by URL, raw Markdown) are written here,
 * exactly; runs of the editor's own nodes go through richtext-lexical's converter with the editor's features.
 * Top-level pieces are separated by a blank line.
 */
export const lexicalToMarkdown = (state: LexicalState, editorConfig: SanitizedServerEditorConfig): string =>
  markdownPieces(state.root.children, editorConfig).join('\n\n')

/**
 * Markdown of nodes that go between two Markdown texts (blocks kept as stored, see markdownKeepingSource): written as
 * lexicalToMarkdown writes them, with the lists at their edges apart from lists the texts end or begin with.
 */
export const lexicalToMarkdownBetween = (
  nodes: LexicalNode[],
  editorConfig: SanitizedServerEditorConfig,
  { before, after }: { before?: string; after?: string },
): string => {
  const context = (markdown: string | undefined) => (markdown === undefined || markdown.trim() === '' ? [] : [blockNode(MARKDOWN_BLOCK_SLUG, { markdown })])
  const [head, tail] = [context(before), context(after)]
  const pieces = markdownPieces([...head, ...nodes, ...tail], editorConfig)
  return pieces.slice(head.length, pieces.length - tail.length).join('\n\n')
}
