import { convertLexicalToMarkdown, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from './blockSlugs'
import { type BlockFields, isBlockNode, type LexicalNode, type LexicalState, rootState } from './lexicalJson'


const longestBacktickRun = (text: string): number =>
  Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length))

/** A fence longer than any run of backticks inside the code, so the code can never close it early. */
export const fencedCode = (code: string, language: string): string => {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(code) + 1))
  return `${fence}${language}\n${code}\n${fence}`
}

const escapeAlt = (text: string): string => text.replace(/[\\[\]]/g, '\\$&')

const imageDestination = (url: string): string => (/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url)

export const imageMarkdown = ({ url, alt, title }: { url: string; alt?: string; title?: string }): string => {
  const titlePart = title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : ''
  return `![${escapeAlt(alt ?? '')}](${imageDestination(url)}${titlePart})`
}

const blockMarkdown = (fields: BlockFields): string | null => {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '')
  if (fields.blockType === CODE_BLOCK_SLUG) return fencedCode(text('code'), text('language'))
  if (fields.blockType === IMAGE_BLOCK_SLUG) return imageMarkdown({ url: text('url'), alt: text('alt'), title: text('title') })
  if (fields.blockType === MARKDOWN_BLOCK_SLUG) return text('markdown').replace(/\s+$/, '')
  return null
}

const listKind = (node: LexicalNode): 'bullet' | 'number' | undefined =>
  node.type !== 'list' ? undefined : node.listType === 'number' ? 'number' : 'bullet'

/**
 * A list written with the other marker (`*` for `-`, `1)` for `1.`): in CommonMark a list right after another of the
 * same marker continues it, whatever the blank lines between, so two lists in a row must differ in their markers.
 * Only the top-level items start at the line's start; nested ones are indented.
 */
const withOtherMarkers = (markdown: string): string => markdown.replace(/^- /gm, '* ').replace(/^(\d+)\. /gm, '$1) ')

/**
 * Markdown of an editor state. The blocks this project defines (code, image by URL, raw Markdown) are written here,
 * exactly; runs of the editor's own nodes go through richtext-lexical's converter with the editor's features.
 * Top-level pieces are separated by a blank line.
 */
export const lexicalToMarkdown = (state: LexicalState, editorConfig: SanitizedServerEditorConfig): string => {
  const pieces: string[] = []
  let run: LexicalNode[] = []
  const flushRun = (rewrite: (markdown: string) => string = (markdown) => markdown) => {
    if (run.length === 0) return
    const markdown = convertLexicalToMarkdown({ data: rootState(run) as SerializedEditorState, editorConfig })
    if (markdown.trim() !== '') pieces.push(rewrite(markdown.replace(/\s+$/, '')))
    run = []
  }
  let previous: LexicalNode | undefined
  let previousMarkersChanged = false
  for (const node of state.root.children) {
    const own = isBlockNode(node) ? blockMarkdown(node.fields) : null
    const follows = previous
    previous = node
    if (own === null && listKind(node) !== undefined && follows && listKind(follows) === listKind(node)) {
      // A second list in a row: on its own, with markers other than its neighbour's.
      flushRun()
      run.push(node)
      previousMarkersChanged = !previousMarkersChanged
      flushRun(previousMarkersChanged ? withOtherMarkers : undefined)
      continue
    }
    previousMarkersChanged = false
    if (own === null) {
      run.push(node)
      continue
    }
    flushRun()
    pieces.push(own)
  }
  flushRun()
  return pieces.join('\n\n')
}
