import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { isBlockNode, type LexicalNode, rootState } from './lexicalJson'
import { lexicalToMarkdown } from './lexicalToMarkdown'

const markerText = (index: number) => `BLOCKBOUNDARY${index}X`

const MARKER_LINE = /\n*^BLOCKBOUNDARY\d+X$\n*/m

/** A paragraph holding only the boundary's text: letters and digits, which the editor writes out unchanged. */
const boundary = (index: number): LexicalNode => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children: [{ type: 'text', version: 1, detail: 0, format: 0, mode: 'normal', style: '', text: markerText(index) }],
})

/**
 * The Markdown of each group of nodes, as `lexicalToMarkdown` writes each group alone, in one conversion: the groups
 * are written one after another with a boundary paragraph after each, and the text is cut at the boundaries. (Each
 * conversion sets up an editor of its own, which cost more than most blocks.) Groups holding blocks (code, images, raw
 * Markdown: written without an editor) are written alone, so that they do not cut the others into many conversions.
 * Should a boundary not come out as written, each group is converted alone.
 */
export const lexicalToMarkdownEach = (groups: LexicalNode[][], editorConfig: SanitizedServerEditorConfig): string[] => {
  const alone = (group: LexicalNode[]) => lexicalToMarkdown(rootState(group), editorConfig)
  const batched = groups.flatMap((group, index) => (group.some(isBlockNode) ? [] : [index]))
  const written = groups.map((group) => (group.some(isBlockNode) ? alone(group) : ''))
  if (batched.length === 0) return written
  const text = lexicalToMarkdown(rootState(batched.flatMap((index, at) => [...groups[index]!, boundary(at)])), editorConfig)
  const parts = text.split(MARKER_LINE)
  const cut = parts.length === batched.length + 1 && parts.at(-1) === ''
  for (const [at, index] of batched.entries()) written[index] = cut ? parts[at]!.replace(/\s+$/, '') : alone(groups[index]!)
  return written
}
