import type { LexicalNode } from './lexicalJson'

/** Lexical's text format bit for inline code. */
const CODE_FORMAT = 16

/** CommonMark: a backslash before an ASCII punctuation character stands for that character. */
const ESCAPED_PUNCTUATION = /\\([!-/:-@[-`{-~])/g

const isInlineCode = (node: LexicalNode): boolean => typeof node.format === 'number' && (node.format & CODE_FORMAT) !== 0

/**
 * The nodes with the backslash escapes that richtext-lexical's Markdown import leaves in text read as the characters
 * they stand for: it reads `\*` and `\_`, but keeps `\[`, `\]`, `\\` or `\-` as typed, so the editor would show the
 * backslash and write it back escaped. Inline code keeps its backslashes: they are literal there.
 */
export const withEscapesRead = (nodes: LexicalNode[]): LexicalNode[] =>
  nodes.map((node) => {
    if (node.type === 'text' && typeof node.text === 'string' && !isInlineCode(node)) {
      return { ...node, text: node.text.replace(ESCAPED_PUNCTUATION, '$1') }
    }
    return node.children ? { ...node, children: withEscapesRead(node.children) } : node
  })
