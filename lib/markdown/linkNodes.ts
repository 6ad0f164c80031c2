import type { LexicalNode } from './lexicalJson'
import { type LinkReferences, linkTexts } from './renderHtml'

const textContent = (node: LexicalNode): string =>
  node.type === 'text' ? String(node.text ?? '') : node.type === 'linebreak' ? ' ' : (node.children ?? []).map(textContent).join('')

const editorLinkTexts = (nodes: LexicalNode[]): string[] =>
  nodes.flatMap((node) => [
    ...(node.type === 'link' || node.type === 'autolink' ? [textContent(node).replace(/\s+/g, ' ').trim()] : []),
    ...editorLinkTexts(node.children ?? []),
  ])

/**
 * Whether every link the editor nodes hold has the text of a link of their Markdown source. The editor's import can
 * split a link whose text holds brackets (`[StreamEntry[]](#streamentry)` became the text `[StreamEntry[` and a link
 * `]`) and still write the same Markdown back, so comparing rendered HTML alone does not see it. Links the source has
 * and the nodes do not (reference links, linked images) are kept as Markdown text: not checked here.
 */
export const linksMatchSource = (nodes: LexicalNode[], markdown: string, references?: LinkReferences): boolean => {
  const editorTexts = editorLinkTexts(nodes)
  if (editorTexts.length === 0) return true
  const remaining = linkTexts(markdown, references)
  return editorTexts.every((text) => {
    const index = remaining.indexOf(text)
    if (index === -1) return false
    remaining.splice(index, 1)
    return true
  })
}
