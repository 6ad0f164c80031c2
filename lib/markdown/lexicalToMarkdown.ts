import { convertLexicalToMarkdown, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { markdownKeepingBareUrls } from './bareUrls'
import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from './blockSlugs'
import { type BlockFields, isBlockNode, type LexicalNode, type LexicalState, rootState } from './lexicalJson'
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
    const markdown = markdownKeepingBareUrls(run, (nodes) => convertLexicalToMarkdown({ data: rootState(nodes) as SerializedEditorState, editorConfig }))
    if (markdown.trim() !== '') pieces.push(rewrite(markdown.replace(/\s+$/, '')))
    run = []
  }
  let previous: LexicalNode | undefined
  let previousMarkersChanged = false
  for (const node of state.root.children) {
    const own = isBlockNode(node) ? blockMarkdown(node.fields) : null
    const follows = previous
    previous = node
    const secondInARow = own === null && listKind(node) !== undefined && follows && listKind(follows) === listKind(node)
    if (secondInARow || isLooseList(node)) {
      // A second list in a row: on its own, with markers other than its neighbour's. A loose list: its items apart.
      flushRun()
      run.push(node)
      previousMarkersChanged = secondInARow ? !previousMarkersChanged : false
      const markers = previousMarkersChanged ? withOtherMarkers : (markdown: string) => markdown
      flushRun(isLooseList(node) ? (markdown) => withItemsApart(markers(markdown)) : markers)
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
