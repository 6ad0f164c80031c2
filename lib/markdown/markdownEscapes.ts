import MarkdownIt from 'markdown-it'

import type { LexicalNode } from './lexicalJson'

/** Lexical's text format bit for inline code. */
const CODE_FORMAT = 16

/** CommonMark's reading of backslash escapes and entity and numeric character references (`\[`, `&lt;`, `&#x20;`). */
const { unescapeAll } = new MarkdownIt().utils

const isInlineCode = (node: LexicalNode): boolean => typeof node.format === 'number' && (node.format & CODE_FORMAT) !== 0

/**
 * The nodes with the escapes that richtext-lexical's Markdown import leaves in text read as the characters they stand
 * for: it reads `\*` and `\_`, but keeps `\[`, `\\`, `\-` or `&lt;` as typed, so the editor would show them and
 * write them back escaped once more. Inline code keeps its text: backslashes and `&` are literal there.
 */
export const withEscapesRead = (nodes: LexicalNode[]): LexicalNode[] =>
  nodes.map((node) => {
    if (node.type === 'text' && typeof node.text === 'string' && !isInlineCode(node)) return { ...node, text: unescapeAll(node.text) }
    return node.children ? { ...node, children: withEscapesRead(node.children) } : node
  })
