import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { type LexicalNode, rootState } from './lexicalJson'
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
 * conversion sets up an editor of its own, which cost more than most blocks.) Should a boundary not come out as
 * written, each group is converted alone.
 */
export const lexicalToMarkdownEach = (groups: LexicalNode[][], editorConfig: SanitizedServerEditorConfig): string[] => {
  const text = lexicalToMarkdown(rootState(groups.flatMap((group, index) => [...group, boundary(index)])), editorConfig)
  const parts = text.split(MARKER_LINE)
  if (parts.length !== groups.length + 1 || parts.at(-1) !== '') return groups.map((group) => lexicalToMarkdown(rootState(group), editorConfig))
  return parts.slice(0, -1).map((part) => part.replace(/\s+$/, ''))
}
