import { beforeAll, describe, expect, it } from 'vitest'
import { getEnabledNodes, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless'

import { commonSubsequence } from '../../lib/markdown/commonSubsequence'
import { type LexicalNode, type LexicalState, rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { markdownKeepingSource } from '../../lib/markdown/markdownKeepingSource'
import { type MarkdownSegment, markdownSegments, markdownToLexical, normalisedNewlines } from '../../lib/markdown/markdownToLexical'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { articleEditorConfig } from '../helpers/contentEditorConfig'
import { markdownCorpus } from '../helpers/markdownCorpus'

const corpus = markdownCorpus()

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

const WORDS = /\b[A-Za-z]{5,}\b/g

const occurrences = (text: string, word: string) => text.split(new RegExp(`\\b${word}\\b`)).length - 1

/**
 * The first top-level paragraph of the editor state with a word of 5 letters or more in a text node that appears
 * once in the paragraph's source, so the same edit can be made in the source to know what the result must render as.
 */
const editablePlace = (state: LexicalState, markdown: string, segments: MarkdownSegment[]) => {
  for (const [index, node] of state.root.children.entries()) {
    if (node.type !== 'paragraph') continue
    const source = markdown.slice(segments[index]!.start, segments[index]!.end)
    for (const child of node.children ?? []) {
      if (child.type !== 'text' || typeof child.text !== 'string') continue
      const word = child.text.match(WORDS)?.find((candidate) => occurrences(child.text as string, candidate) === 1 && occurrences(source, candidate) === 1)
      if (word) return { index, text: child as LexicalNode & { text: string }, word }
    }
  }
  return undefined
}

/** How many lines of `before` are gone and of `after` are new: a line diff's size. */
const changedLines = (before: string, after: string) => {
  const a = before.split('\n')
  const b = after.split('\n')
  const kept = commonSubsequence(a, b).length
  return a.length - kept + (b.length - kept)
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length - 1

describe('an editor changes one word of one paragraph', () => {
  it('changes only the lines of that paragraph, in every document of the corpus', () => {
    const report: { file: string; kept: number; rewritten: number; lines: number }[] = []
    for (const { file, markdown } of corpus) {
      // Offsets are into the text with \n line ends; lines are the same either way.
      const normalised = normalisedNewlines(markdown)
      const segments = markdownSegments(normalised, editorConfig)
      // markdownToLexical's state (the corpus has none of our media), made of the same nodes as the segments.
      const state = rootState(segments.flatMap((segment) => segment.nodes))
      const place = editablePlace(state, normalised, segments)
      if (!place) continue
      const segment = segments[place.index]!
      expect(segment.nodes).toHaveLength(1)
      const edit = (text: string) => text.replace(new RegExp(`\\b${place.word}\\b`), `Zebra${place.word}`)
      place.text.text = edit(place.text.text)
      const editedSource = normalised.slice(0, segment.start) + edit(normalised.slice(segment.start, segment.end)) + normalised.slice(segment.end)

      const saved = markdownKeepingSource(state, markdown, editorConfig)
      const rewritten = lexicalToMarkdown(state, editorConfig)
      expect({ file, html: comparableHtml(saved) }).toEqual({ file, html: comparableHtml(editedSource) })

      // Every line outside the paragraph's own lines is where it was.
      const before = markdown.split('\n')
      const after = saved.split('\n')
      const [first, last] = [lineOf(normalised, segment.start), lineOf(normalised, segment.end)]
      expect({ file, head: after.slice(0, first) }).toEqual({ file, head: before.slice(0, first) })
      const tail = before.length - 1 - last
      expect({ file, tail: after.slice(after.length - tail) }).toEqual({ file, tail: before.slice(before.length - tail) })
      report.push({ file, kept: changedLines(markdown, saved), rewritten: changedLines(markdown, rewritten), lines: before.length })
    }
    expect(report.length).toBeGreaterThanOrEqual(50)
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!
    console.log(
      `One-word edits on ${report.length} documents: median share of lines changed ` +
        `${(100 * median(report.map((r) => r.kept / r.lines))).toFixed(1)}% keeping the source, ` +
        `${(100 * median(report.map((r) => r.rewritten / r.lines))).toFixed(1)}% rewriting the whole document`,
    )
  })

  it('keeps a document the editor did not change byte for byte', () => {
    for (const { file, markdown } of corpus) {
      const state = markdownToLexical(markdown, editorConfig)
      expect({ file, saved: markdownKeepingSource(state, markdown, editorConfig) }).toEqual({ file, saved: markdown })
    }
  })

  it('keeps two adjacent lists of different markers apart, and writes a new block in the editor spelling', () => {
    const markdown = 'Title\n=====\n\n* one\n* two\n\n- three\n\nA paragraph\nwrapped by hand.\n'
    const state = markdownToLexical(markdown, editorConfig)
    const paragraph = state.root.children.at(-1)!
    state.root.children.push({ ...paragraph, children: [{ ...paragraph.children![0]!, text: 'New at the end.' }] })
    expect(markdownKeepingSource(state, markdown, editorConfig)).toBe(`${markdown}\nNew at the end.\n`)
  })
})

describe('shapes kept editable survive the admin UI load and save', () => {
  /** What the admin UI does with a stored state: Lexical loads it with the editor's nodes and serialises it again. */
  const throughEditor = (state: LexicalState): LexicalState => {
    const editor = createHeadlessEditor({ nodes: getEnabledNodes({ editorConfig }) })
    editor.setEditorState(editor.parseEditorState(JSON.stringify(state)))
    return editor.getEditorState().toJSON() as unknown as LexicalState
  }

  const stored = [
    '# Notes',
    '```tsx filename="app/page.tsx"\nexport default function Page() {}\n```',
    '- first\n\n- second\n\n- third',
    'See [the guide][guide].',
    '[guide]: https://example.com/guide',
  ].join('\n\n')

  it('keeps the code meta and the loose mark, so an unchanged save keeps the source byte for byte', () => {
    const reloaded = throughEditor(markdownToLexical(stored, editorConfig))
    expect(reloaded.root.children[1]).toMatchObject({ fields: { meta: 'filename="app/page.tsx"' } })
    expect(reloaded.root.children[2]).toMatchObject({ type: 'list', $: { loose: true } })
    expect(markdownKeepingSource(reloaded, stored, editorConfig)).toBe(stored)
  })

  it('writes an edited loose list loose and an edited meta on the fence, keeping the other blocks', () => {
    const state = throughEditor(markdownToLexical(stored, editorConfig))
    const [, code, list] = state.root.children
    ;(code!.fields as { meta: string }).meta = 'filename="app/layout.tsx"'
    const secondItemText = list!.children![1]!.children![0]!
    secondItemText.text = 'second, edited'
    const saved = markdownKeepingSource(state, stored, editorConfig)
    expect(saved).toBe(stored.replace('page.tsx', 'layout.tsx').replace('- second', '- second, edited'))
  })
})
