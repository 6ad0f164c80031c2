import type { Token, Tokens } from 'marked'

const NESTING = '    '

/**
 * A list rewritten in the one shape the editor's import reads: four spaces per nesting level, `-` or `n.` markers,
 * each item on one line. Null when an item holds more than one text and sublists (code, quotes, two paragraphs), which
 * the editor's list items cannot hold, or a nested list is loose. A loose top-level list (one paragraph per item) is
 * read as tight; the caller marks it loose (looseLists).
 */
export const editorListMarkdown = (list: Tokens.List, depth = 0): null | string => {
  if (list.loose && depth > 0) return null
  const lines: string[] = []
  const start = typeof list.start === 'number' ? list.start : 1
  for (const [index, item] of list.items.entries()) {
    const texts: string[] = []
    const sublists: string[] = []
    for (const token of item.tokens as Token[]) {
      if (token.type === 'checkbox') continue
      if (token.type === 'text' || (list.loose && token.type === 'paragraph')) {
        if (list.loose && texts.length > 0) return null
        texts.push(token.raw.trim().replace(/\s*\n\s*/g, ' '))
      }
      else if (token.type === 'list') {
        const sublist = editorListMarkdown(token as Tokens.List, depth + 1)
        if (sublist === null) return null
        sublists.push(sublist)
      } else if (token.type !== 'space') return null
    }
    const marker = list.ordered ? `${start + index}.` : '-'
    const task = item.task ? (item.checked ? '[x] ' : '[ ] ') : ''
    lines.push(`${NESTING.repeat(depth)}${marker} ${task}${texts.join(' ')}`, ...sublists)
  }
  return lines.join('\n')
}
