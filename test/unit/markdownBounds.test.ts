import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { Lexer } from 'marked'

import { articleReading } from '../../lib/articleReading'
import { commonSubsequence } from '../../lib/markdown/commonSubsequence'
import { EDITOR_BLOCKS_PER_TEXT, IMPORT_CHARS_PER_LINE, IMPORT_CHARS_PER_TEXT, IMPORT_LINES_PER_BLOCK, IMPORT_LINES_PER_TEXT } from '../../lib/markdown/importBudget'
import type { LexicalNode } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { lexMarkdown, MARKDOWN_TOO_DEEP_MESSAGE, MAX_MARKDOWN_NESTING, MarkdownTooDeepError, tokenDepth } from '../../lib/markdown/markdownNesting'
import { markdownToLexical } from '../../lib/markdown/markdownToLexical'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { markdownExcerpt } from '../../lib/plainText'
import { articleEditorConfig } from '../helpers/contentEditorConfig'

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

const topLevel = (markdown: string): LexicalNode[] => markdownToLexical(markdown, editorConfig).root.children

const markdownBlockText = (node: LexicalNode | undefined) =>
  node?.type === 'block' && (node.fields as { blockType: string }).blockType === 'markdown' ? (node.fields as { markdown: string }).markdown : undefined

describe('how deep Markdown may nest', () => {
  it('counts block and inline levels, tables included', () => {
    expect(tokenDepth(new Lexer({ gfm: true }).lex('plain'))).toBe(2)
    expect(tokenDepth(new Lexer({ gfm: true }).lex('> - **[a](b)**'))).toBe(7)
    expect(tokenDepth(new Lexer({ gfm: true }).lex('| *a* |\n|---|\n| **b** |'))).toBe(4)
  })

  it('converts lists and quotes nested as deep as writing needs', () => {
    const list = Array.from({ length: 20 }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n')
    expect(topLevel(list).map((node) => node.type)).toEqual(['list'])
    expect(topLevel(`${'> '.repeat(20)}quoted`)).toHaveLength(1)
  })

  it.each([
    ['quotes', '>'.repeat(5_000) + ' x'],
    ['quotes just past the limit', '>'.repeat(MAX_MARKDOWN_NESTING) + ' x'],
    ['list items', '- '.repeat(1_000) + 'x'],
    ['indented lists', Array.from({ length: 300 }, (_, level) => `${'  '.repeat(level)}- x`).join('\n')],
    ['emphasis', '*'.repeat(4_000) + 'x' + '*'.repeat(4_000)],
  ])('refuses %s nested too deep, with a message saying so', (_, markdown) => {
    expect(() => markdownToLexical(markdown, editorConfig)).toThrow(MarkdownTooDeepError)
    expect(() => markdownToLexical(markdown, editorConfig)).toThrow(MARKDOWN_TOO_DEEP_MESSAGE)
  })
})

describe('how far marked reads a text nested too deep', () => {
  // marked's work grows with depth times length: 480 KB of emphasis took it 28 s before its stack ran out.
  it.each([
    ['emphasis', 'inlineTokens', '*'.repeat(20_000) + 'x' + '*'.repeat(20_000)],
    ['quotes', 'blockTokens', '>'.repeat(20_000) + ' x'],
    ['list items', 'blockTokens', '- '.repeat(20_000) + 'x'],
  ] as const)('%s: it stops one level past the limit', (_, method, markdown) => {
    const calls = vi.spyOn(Lexer.prototype, method)
    try {
      expect(() => lexMarkdown(markdown)).toThrow(MarkdownTooDeepError)
      expect(calls.mock.calls.length).toBeLessThanOrEqual(MAX_MARKDOWN_NESTING + 1)
    } finally {
      calls.mockRestore()
    }
  })

  it('reads a text nested exactly as deep as allowed, and refuses one level more', () => {
    // Quotes around a paragraph around its text; strong emphasis inside a paragraph around the text.
    const quotes = (levels: number) => `${'> '.repeat(levels)}x`
    const emphasis = (levels: number) => `${'**'.repeat(levels)}x${'**'.repeat(levels)}`
    expect(tokenDepth(lexMarkdown(quotes(MAX_MARKDOWN_NESTING - 2)))).toBe(MAX_MARKDOWN_NESTING)
    expect(() => lexMarkdown(quotes(MAX_MARKDOWN_NESTING - 1))).toThrow(MarkdownTooDeepError)
    expect(tokenDepth(lexMarkdown(emphasis(MAX_MARKDOWN_NESTING - 2)))).toBe(MAX_MARKDOWN_NESTING)
    expect(() => lexMarkdown(emphasis(MAX_MARKDOWN_NESTING - 1))).toThrow(MarkdownTooDeepError)
  })
})

describe('how much of a text goes through the editor import', () => {
  it('keeps a block longer than the import takes as one Markdown block, exactly, between editor nodes', () => {
    const table = '| a | b |\n| --- | --- |\n' + '| x | y |\n'.repeat(IMPORT_LINES_PER_BLOCK)
    const markdown = `Before *it*.\n\n${table}\nAfter *it*.`
    const nodes = topLevel(markdown)
    expect(nodes.map((node) => node.type)).toEqual(['paragraph', 'block', 'paragraph'])
    expect(markdownBlockText(nodes[1])).toBe(table.trimEnd())
  })

  it('past the text import allowance, keeps the rest of the text as one Markdown block', () => {
    // Each paragraph has a hard line break, so goes through the import: two lines each.
    const paragraphs = Array.from({ length: IMPORT_LINES_PER_TEXT / 2 + 100 }, (_, index) => `line ${index}\\\nnext`)
    const markdown = paragraphs.join('\n\n')
    const nodes = topLevel(markdown)
    expect(nodes).toHaveLength(IMPORT_LINES_PER_TEXT / 2 + 1)
    expect(nodes.slice(0, -1).every((node) => node.type === 'paragraph')).toBe(true)
    expect(markdownBlockText(nodes.at(-1))).toBe(paragraphs.slice(IMPORT_LINES_PER_TEXT / 2).join('\n\n'))
    expect(comparableHtml(lexicalToMarkdown(markdownToLexical(markdown, editorConfig), editorConfig))).toBe(comparableHtml(markdown))
  })

  it(`keeps a block with a line of more than ${IMPORT_CHARS_PER_LINE} characters as one Markdown block (490,000 of emphasis ran the process out of memory)`, () => {
    const unit = 'Some *emphasis* and [a link](https://x.y/). '
    const line = (length: number) => unit.repeat(Math.floor(length / unit.length)).trimEnd()
    const markdown = `Before *it*.\n\n${line(IMPORT_CHARS_PER_LINE + unit.length)}\n\n${line(IMPORT_CHARS_PER_LINE)}`
    const nodes = topLevel(markdown)
    expect(nodes.map((node) => node.type)).toEqual(['paragraph', 'block', 'paragraph'])
    expect(markdownBlockText(nodes[1])).toBe(line(IMPORT_CHARS_PER_LINE + unit.length))
  })

  it(`past ${IMPORT_CHARS_PER_TEXT} characters imported, keeps the rest of the text as one Markdown block`, () => {
    const paragraph = (index: number) => `Paragraph ${index} with [a link](https://example.com/${index}) and *emphasis*. `.repeat(20).trimEnd()
    const paragraphs = Array.from({ length: Math.ceil(IMPORT_CHARS_PER_TEXT / paragraph(0).length) + 5 }, (_, index) => paragraph(index))
    const nodes = topLevel(paragraphs.join('\n\n'))
    const imported = nodes.length - 1
    expect(nodes.slice(0, -1).every((node) => node.type === 'paragraph')).toBe(true)
    expect(markdownBlockText(nodes.at(-1))).toBe(paragraphs.slice(imported).join('\n\n'))
    const importedChars = paragraphs.slice(0, imported).reduce((sum, text) => sum + text.length + 2, 0)
    expect(importedChars).toBeLessThanOrEqual(IMPORT_CHARS_PER_TEXT)
    expect(importedChars + paragraphs[imported]!.length + 2).toBeGreaterThan(IMPORT_CHARS_PER_TEXT)
  })

  it('makes editor nodes of at most so many blocks, and keeps the rest of the text as one Markdown block', () => {
    const markdown = Array.from({ length: EDITOR_BLOCKS_PER_TEXT + 50 }, (_, index) => `Paragraph ${index}.`).join('\n\n') + '\n'
    const nodes = topLevel(markdown)
    expect(nodes).toHaveLength(EDITOR_BLOCKS_PER_TEXT + 1)
    expect(markdownBlockText(nodes.at(-1))).toBe(Array.from({ length: 50 }, (_, index) => `Paragraph ${EDITOR_BLOCKS_PER_TEXT + index}.`).join('\n\n'))
    expect(lexicalToMarkdown(markdownToLexical(markdown, editorConfig), editorConfig)).toBe(markdown.trimEnd())
  })
})

describe('commonSubsequence', () => {
  const tableLength = (a: string[], b: string[]): number => {
    const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
    return lengths[0]![0]!
  }

  it('finds a longest common subsequence, in order, of lists sharing a start and an end', () => {
    let seed = 7
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
    for (let round = 0; round < 200; round++) {
      const word = () => 'abcd'[Math.floor(random() * 4)]!
      const shared = Array.from({ length: Math.floor(random() * 5) }, word)
      const a = [...shared, ...Array.from({ length: Math.floor(random() * 8) }, word), ...shared]
      const b = [...shared, ...Array.from({ length: Math.floor(random() * 8) }, word), ...shared]
      const pairs = commonSubsequence(a, b)
      expect(pairs).toHaveLength(tableLength(a, b))
      expect(pairs.every(([i, j]) => a[i] === b[j])).toBe(true)
      expect(pairs.every(([i, j], at) => at === 0 || (i > pairs[at - 1]![0] && j > pairs[at - 1]![1]))).toBe(true)
    }
  })

  it('pairs two long lists around one change without a table of their size', () => {
    const a = Array.from({ length: 100_000 }, (_, index) => `block ${index}`)
    const b = a.map((block, index) => (index === 50_000 ? 'edited' : block))
    const pairs = commonSubsequence(a, b)
    expect(pairs).toHaveLength(99_999)
    expect(pairs.some(([i]) => i === 50_000)).toBe(false)
  })
})

describe('public reads of Markdown stored before nesting was bounded', () => {
  const stored = '*'.repeat(20_000) + 'x' + '*'.repeat(20_000)

  it('excerpts take the text as written', () => {
    expect(markdownExcerpt(`${'> '.repeat(150)}deep`, 100)).toBe(`${'> '.repeat(49)}>`)
    expect(markdownExcerpt('Some *text*.', 100)).toBe('Some text.')
  })

  it('excerpts lex the first 16 KB only: a 490,000-character list costs what its start does', () => {
    const list = `First *words*.\n\n${'- item\n'.repeat(70_000)}`
    expect(markdownExcerpt(list, 30)).toBe('First words. item item item it')
    // Stored before nesting was bounded, and cut at 16 KB: its start is a line of `*`, a thematic break.
    expect(markdownExcerpt(`${stored} after`, 100)).toBe('')
  })

  it('reading time counts the words as written, with no table of contents', () => {
    expect(articleReading(`## Title\n\n${'word '.repeat(460)}\n\n${stored}`)).toEqual({ readingTimeMinutes: 3, toc: [] })
  })
})
