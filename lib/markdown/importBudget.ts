/**
 * Bounds on the work given to the editor's Markdown import (richtext-lexical's line-by-line importer), whose cost grows
 * faster than its input: measured on this machine, a paragraph of 2,000 hard line breaks took 0.6 s, 2,000 paragraphs
 * of one each in one import 1.5 s, a table of 4,000 rows 1 s and 160 MB of heap (20,000 rows ran the service out of
 * memory). The largest text of the test corpus (120 KB) imports 1,877 lines, its largest block 524.
 */

/** A block of more lines than this stays raw Markdown. */
export const IMPORT_LINES_PER_BLOCK = 1_000

/**
 * A block with a line longer than this stays raw Markdown: the import's cost grows faster than a line's inline
 * formatting (a line of emphasis: 4,000 characters 165 ms, 8,000 430 ms, 50,000 5.3 s; 490,000 ran the process out of
 * memory). The test corpus's longest line has 1,355.
 */
export const IMPORT_CHARS_PER_LINE = 4_000

/**
 * Once a text's imported blocks would pass this many characters, the rest stays raw Markdown: densely formatted text
 * costs about 10 ms per KB (490,000 characters of links: 6 s). The test corpus imports 113,767 at most.
 */
export const IMPORT_CHARS_PER_TEXT = 128 * 1024

/** Once a text's imported blocks would pass this many lines, the rest of the text stays raw Markdown. */
export const IMPORT_LINES_PER_TEXT = 5_000

/**
 * At most this many top-level blocks of a text become editor nodes; the rest of the text stays raw Markdown. Each node
 * costs Payload's validation, hooks and copies on every save (80,000 short paragraphs: 3.5 s); the test corpus has
 * 1,232 blocks at most.
 */
export const EDITOR_BLOCKS_PER_TEXT = 5_000

/** The lines of a text, trailing newlines aside. */
export const lineCount = (text: string): number => {
  let end = text.length
  while (end > 0 && text[end - 1] === '\n') end -= 1
  let lines = 1
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) lines += 1
  return lines
}

const longestLine = (text: string): number => {
  let longest = 0
  for (let start = 0; start <= text.length; ) {
    const end = text.indexOf('\n', start)
    const stop = end === -1 ? text.length : end
    longest = Math.max(longest, stop - start)
    start = stop + 1
  }
  return longest
}

/** A top-level block of a text: its source, and whether it would go through the editor's import. */
export type BudgetedBlock = { raw: string; imported: boolean }

/**
 * How much of a text becomes editor nodes: its first `count` blocks (the rest stays one raw Markdown block), of which
 * those in `tooLong` (too many lines, or a line too long) are each a raw Markdown block of their own.
 */
export const editorShare = (blocks: BudgetedBlock[]): { count: number; tooLong: Set<number> } => {
  const tooLong = new Set<number>()
  let lines = 0
  let chars = 0
  for (const [index, { raw, imported }] of blocks.entries()) {
    if (index === EDITOR_BLOCKS_PER_TEXT) return { count: index, tooLong }
    if (!imported) continue
    const count = lineCount(raw)
    if (count > IMPORT_LINES_PER_BLOCK || longestLine(raw) > IMPORT_CHARS_PER_LINE) tooLong.add(index)
    else if (lines + count > IMPORT_LINES_PER_TEXT || chars + raw.length > IMPORT_CHARS_PER_TEXT) return { count: index, tooLong }
    else {
      lines += count
      chars += raw.length
    }
  }
  return { count: blocks.length, tooLong }
}
