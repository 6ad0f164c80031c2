// `npm run bench:markdown:shapes`: which shapes of top-level block stay raw Markdown blocks on the fixture corpus,
// by count and bytes, so the raw-block share can be read by reason (no timing: cheap and quiet).
import { Lexer, type Token, type Tokens } from 'marked'

import { isBlockNode } from '../../lib/markdown/lexicalJson'
import { markdownSegments, normalisedNewlines } from '../../lib/markdown/markdownToLexical'
import { articleEditorConfig } from '../../test/helpers/contentEditorConfig'
import { markdownCorpus } from '../../test/helpers/markdownCorpus'

/** A short name for a block's shape: what kind of Markdown it is and what makes it unusual. */
const shapeOf = (token: Token): string => {
  if (token.type === 'code') {
    const code = token as Tokens.Code
    if (code.codeBlockStyle === 'indented') return 'code (indented)'
    const info = /^ {0,3}(?:`{3,}|~{3,})([^\n]*)/.exec(code.raw)?.[1]?.trim() ?? ''
    return /\s/.test(info) ? 'code (info string with meta)' : 'code (other)'
  }
  if (token.type === 'list') return (token as Tokens.List).loose ? 'list (loose)' : 'list (tight)'
  if (token.type === 'blockquote') {
    const inner = (token as Tokens.Blockquote).tokens.filter((child) => child.type !== 'space')
    return inner.length > 1 || inner.some((child) => child.type !== 'paragraph') ? 'blockquote (lists or several blocks)' : 'blockquote (one paragraph)'
  }
  if (token.type === 'paragraph' && /\]\s*\[[^\]]*\]|\[[^\]]+\](?![([:])/.test(token.raw)) return 'paragraph (maybe reference links)'
  return token.type
}

const editorConfig = await articleEditorConfig()
const shapes = new Map<string, { blocks: number; bytes: number }>()
let total = 0
for (const { markdown: stored } of markdownCorpus()) {
  const markdown = normalisedNewlines(stored)
  const byStart = new Map<number, Token>()
  let offset = 0
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    if (token.type !== 'space') byStart.set(offset, token)
    offset += token.raw.length
  }
  for (const segment of markdownSegments(markdown, editorConfig)) {
    const size = Buffer.byteLength(markdown.slice(segment.start, segment.end))
    total += size
    if (!segment.nodes.some((node) => isBlockNode(node) && node.fields.blockType === 'markdown')) continue
    const token = byStart.get(segment.start)
    const shape = token ? shapeOf(token) : 'unknown'
    const entry = shapes.get(shape) ?? { blocks: 0, bytes: 0 }
    entry.blocks++
    entry.bytes += size
    shapes.set(shape, entry)
  }
}
console.log('Raw Markdown blocks on the fixture corpus, by shape (blocks, % of all bytes):')
for (const [shape, { blocks, bytes }] of [...shapes].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`  ${shape.padEnd(40)} ${String(blocks).padStart(4)}  ${((100 * bytes) / total).toFixed(1)}%`)
}
