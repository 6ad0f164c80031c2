import type { Token } from 'marked'

/** A paragraph's start that no block construct of CommonMark or GFM begins with: a letter, a digit, code, emphasis. */
const PROSE_START = /^(?:[\p{L}`(]|\p{N}(?!\d*[.)](?:\s|$))|[*_]\p{L})/u

/**
 * Whether the editor wrote a block back as its source, or a paragraph or heading as its source with each soft line break made a space: then both
 * render the same (CommonMark renders a soft break as whitespace and strips the spaces around it), without rendering
 * either. Hard breaks (two spaces or a backslash before the line end) are not soft, so they are left to the renderer,
 * as are paragraphs that start like a block construct (`<tag` whose joined line would open an HTML block, `[label]:`)
 * and setext headings (their underline is no soft break).
 */
export const sourceUnwrapped = (token: Token, written: string): boolean => {
  const source = token.raw.replace(/\s+$/, '')
  // Any block written back exactly as its source renders as its source.
  if (written === source) return true
  if (token.type !== 'paragraph' && token.type !== 'heading') return false
  if (token.type === 'paragraph' ? !PROSE_START.test(source) : source.includes('\n')) return false
  return !/( {2}|\\|\t)\n/.test(source) && written === source.replace(/[ \t]*\n[ \t]*/g, ' ')
}
