import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { withAutolinksAsText } from './bareUrls'
import { commonSubsequence } from './commonSubsequence'
import { type LexicalNode, type LexicalState, rootState } from './lexicalJson'
import { lexicalToMarkdown, lexicalToMarkdownBetween } from './lexicalToMarkdown'
import { type MarkdownSegment, markdownSegments, normalisedNewlines } from './markdownToLexical'
import { NO_OWN_MEDIA, type OwnMedia } from './ownMedia'

/**
 * Which stored blocks the edited state still holds unchanged, as the index of the child where each begins. A block is
 * kept when every node it became is there, one after another, written the same (`blockKeys`: each block's nodes'
 * Markdown), in a longest common subsequence with the children's (`childKeys`).
 */
const keptSegments = (blockKeys: string[][], childKeys: string[]): Map<number, number> => {
  const entries = blockKeys.flatMap((keys, block) => keys.map((key) => ({ block, key })))
  const childOfEntry = new Map(commonSubsequence(entries.map((entry) => entry.key), childKeys))
  const keptAt = new Map<number, number>()
  let entry = 0
  for (const [block, keys] of blockKeys.entries()) {
    const first = childOfEntry.get(entry)
    if (first !== undefined && keys.every((_, offset) => childOfEntry.get(entry + offset) === first + offset)) keptAt.set(first, block)
    entry += keys.length
  }
  return keptAt
}

type Piece = { text: string; segment?: number }

/**
 * The pieces joined. Between two blocks that were neighbours, and around a run that took the place of stored blocks,
 * the stored text between them is kept (blank lines, trailing spaces); elsewhere pieces are one blank line apart.
 */
const joinPieces = (pieces: Piece[], source: StoredText, segments: MarkdownSegment[]): string => {
  const between = (before: number, after: number) =>
    source.slice(before < 0 ? 0 : segments[before]!.end, after >= segments.length ? source.normalised.length : segments[after]!.start)
  /** The stored block a piece stands for, or for a run that replaced blocks, the first and last of them. */
  const span = (index: number): [number, number] | undefined => {
    const piece = pieces[index]!
    if (piece.segment !== undefined) return [piece.segment, piece.segment]
    const before = pieces.slice(0, index).reverse().find((other) => other.segment !== undefined)?.segment ?? -1
    const after = pieces.slice(index + 1).find((other) => other.segment !== undefined)?.segment ?? segments.length
    return after - before > 1 ? [before + 1, after - 1] : undefined
  }
  let result = ''
  for (const [index, piece] of pieces.entries()) {
    const here = span(index)
    const previous = index > 0 ? span(index - 1) : [-1, -1]
    result += previous && here && here[0] === previous[1] + 1 ? between(previous[1], here[0]) : index === 0 ? '' : source.newline.repeat(2)
    result += piece.text
  }
  const last = pieces.length > 0 ? span(pieces.length - 1) : undefined
  return result + (last?.[1] === segments.length - 1 ? between(segments.length - 1, segments.length) : source.normalised.endsWith('\n') ? source.newline : '')
}

/**
 * The stored Markdown, read with `\n` line ends (as marked reads it, so segment offsets point into `normalised`), and
 * sliced from the text as stored: kept blocks keep their own line ends. Text the editor writes takes the line end most
 * of the document uses.
 */
type StoredText = { normalised: string; slice: (start: number, end: number) => string; newline: string }

const storedText = (stored: string): StoredText => {
  const normalised = normalisedNewlines(stored)
  // Where each `\r\n` of the stored text is in the normalised one: stored offsets are normalised ones plus those before.
  const windowsLineEnds: number[] = []
  for (let index = stored.indexOf('\r\n'); index !== -1; index = stored.indexOf('\r\n', index + 2)) windowsLineEnds.push(index - windowsLineEnds.length)
  const toStored = (offset: number) => {
    let before = 0
    while (before < windowsLineEnds.length && windowsLineEnds[before]! < offset) before++
    return offset + before
  }
  const lineEnds = normalised.split('\n').length - 1
  return {
    normalised,
    slice: (start, end) => stored.slice(toStored(start), toStored(end)),
    newline: windowsLineEnds.length * 2 > lineEnds ? '\r\n' : '\n',
  }
}

/**
 * Markdown of an edited editor state that keeps the stored source, byte for byte, of every top-level block the editor
 * did not change, with the text between two kept neighbours; only the blocks that changed (and new ones) are written
 * in the editor's spelling. A block counts as unchanged when the editor would write it exactly as it writes the block
 * the stored Markdown turns into. When a block of link reference definitions changed, kept paragraphs could point at
 * definitions that are gone, so the editor's Markdown is returned whole. `ownMedia` turns the stored images of this
 * service's media into the uploads the editor holds for them, so those count as unchanged too.
 */
export const markdownKeepingSource = (
  state: LexicalState,
  storedMarkdown: string,
  editorConfig: SanitizedServerEditorConfig,
  ownMedia: OwnMedia = NO_OWN_MEDIA,
): string => {
  const source = storedText(storedMarkdown)
  const segments = markdownSegments(source.normalised, editorConfig, ownMedia)
  // An unchanged block's nodes and the editor's child for it are alike: each distinct node is written once.
  const written = new Map<string, string>()
  const editorText = (nodes: LexicalNode[]) => {
    const key = JSON.stringify(nodes)
    let text = written.get(key)
    if (text === undefined) written.set(key, (text = lexicalToMarkdown(rootState(nodes), editorConfig)))
    return text
  }
  const children = state.root.children
  const keptAt = keptSegments(
    segments.map((segment) => segment.nodes.map((node) => editorText([node]))),
    // A bare address the admin UI turned into an autolink as it loaded the text is the text it was.
    children.map((child) => editorText(withAutolinksAsText([child]))),
  )
  const kept = new Set(keptAt.values())
  if (segments.some((segment, index) => segment.definitions && !kept.has(index))) return lexicalToMarkdown(state, editorConfig)

  // The document as pieces: kept blocks (their source) and runs of other nodes (the editor's Markdown).
  const pieces: Piece[] = []
  let run: LexicalNode[] = []
  // A run's lists take markers other than those of lists the kept blocks around it end or begin with.
  const flushRun = (after?: string) => {
    const text = run.length === 0 ? '' : lexicalToMarkdownBetween(run, editorConfig, { before: pieces.at(-1)?.text, after })
    if (text !== '') pieces.push({ text: text.replace(/\n/g, source.newline) })
    run = []
  }
  for (let index = 0; index < children.length; index++) {
    const segment = keptAt.get(index)
    if (segment === undefined) {
      run.push(children[index]!)
      continue
    }
    const keptText = source.slice(segments[segment]!.start, segments[segment]!.end)
    flushRun(keptText)
    pieces.push({ text: keptText, segment })
    index += segments[segment]!.nodes.length - 1
  }
  flushRun()
  return joinPieces(pieces, source, segments)
}
