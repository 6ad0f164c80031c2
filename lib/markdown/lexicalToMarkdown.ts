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

/**
 * Markdown of an editor state. The blocks this project defines (code, image by URL, raw Markdown) are written here,
 * exactly; runs of the editor's own nodes go through richtext-lexical's converter with the editor's features.
 * Top-level pieces are separated by a blank line.
 */
export const lexicalToMarkdown = (state: LexicalState, editorConfig: SanitizedServerEditorConfig): string => {
  const pieces: string[] = []
  let run: LexicalNode[] = []
  const flushRun = () => {
    if (run.length === 0) return
    const markdown = convertLexicalToMarkdown({ data: rootState(run) as SerializedEditorState, editorConfig })
    if (markdown.trim() !== '') pieces.push(markdown.replace(/\s+$/, ''))
    run = []
  }
  for (const node of state.root.children) {
    const own = isBlockNode(node) ? blockMarkdown(node.fields) : null
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
