import { beforeAll, describe, expect, it } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { type LexicalNode, rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { markdownKeepingSource } from '../../lib/markdown/markdownKeepingSource'
import { markdownToLexical } from '../../lib/markdown/markdownToLexical'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { articleEditorConfig } from '../helpers/contentEditorConfig'

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

const topLevel = (markdown: string): LexicalNode[] => markdownToLexical(markdown, editorConfig).root.children

const kinds = (markdown: string) =>
  topLevel(markdown).map((node) => (node.type === 'block' ? `block:${(node.fields as { blockType: string }).blockType}` : node.type))

const roundTrip = (markdown: string) => lexicalToMarkdown(markdownToLexical(markdown, editorConfig), editorConfig)

const sameHtml = (markdown: string) => expect({ markdown, html: comparableHtml(roundTrip(markdown)) }).toEqual({ markdown, html: comparableHtml(markdown) })

/** A paragraph of one text node, as the editor holds what an editor typed. */
const paragraph = (text: string): LexicalNode => {
  const [typed] = topLevel('typed')
  return { ...typed!, children: [{ ...typed!.children![0]!, text }] }
}

describe('bare addresses (GFM autolink literals)', () => {
  it('are written back exactly: an escaped `_` would become part of the address (`%5C_`) in GFM', () => {
    for (const markdown of [
      'See https://en.wikipedia.org/wiki/Week#The_ISO_week_date_system for the rules.',
      '- https://code.visualstudio.com/updates/v1_62#_unicode-directional-formatting-characters',
      '## Notes on www.example.com/some_page',
      'Write to jane_doe@example.com or see https://example.com/~user/a_b.',
      '| Link |\n| --- |\n| https://example.com/a_b_c |',
    ]) {
      expect(roundTrip(markdown)).toBe(markdown)
    }
  })

  it('keep the escapes of text outside addresses, and in an address that ends the sentence with `_`', () => {
    expect(roundTrip('snake\\_case and https://example.com/x_y.')).toBe('snake\\_case and https://example.com/x_y.')
    const typed = lexicalToMarkdown(rootState([paragraph('see https://a.org/x_ then')]), editorConfig)
    expect(typed).toBe('see https://a.org/x\\_ then')
  })

  it('stay escaped where bare `_` would pair into emphasis in CommonMark', () => {
    const text = 'from https://a.org/#_x and https://b.org/y_# z'
    const written = lexicalToMarkdown(rootState([paragraph(text)]), editorConfig)
    expect(written).toBe('from https://a.org/#\\_x and https://b.org/y\\_# z')
    expect(comparableHtml(written)).toBe(`<p>${text}</p>`)
  })
})

describe('bare addresses the admin UI linked as it loaded the text', () => {
  it('count as the text they were, so a one-word edit elsewhere keeps their paragraph as stored', () => {
    const url = 'https://en.wikipedia.org/wiki/Week#The_ISO_week_date_system'
    const markdown = `See ${url} now.\n\nA second paragraph.\n`
    const state = markdownToLexical(markdown, editorConfig)
    const [first, second] = state.root.children
    const text = first!.children![0]!
    // What Lexical's AutoLinkPlugin makes of the text in the admin UI.
    const autolink = { type: 'autolink', version: 2, fields: { linkType: 'custom', url }, children: [{ ...text, text: url }], direction: null, format: '', indent: 0 }
    first!.children = [{ ...text, text: 'See ' }, autolink, { ...text, text: ' now.' }]
    second!.children![0]!.text = 'A changed paragraph.'
    expect(markdownKeepingSource(state, markdown, editorConfig)).toBe(`See ${url} now.\n\nA changed paragraph.\n`)
  })
})

describe('lists next to lists the editor cannot hold', () => {
  it('keeps an editor list apart from a raw Markdown list with the same marker, before or after it', () => {
    for (const markdown of [
      '- one\n- two\n\n* three\n\n  more about three\n* four\n',
      '* one\n\n  more about one\n* two\n\n- three\n- four\n',
      '- [#183](https://example.com/183) fix\n\n  ```js\n  effect()\n  ```\n\n* [#170](https://example.com/170) allow disposing\n',
      '1. one\n\n   ```sh\n   npm i\n   ```\n2. two\n\n3) three\n',
    ]) {
      sameHtml(markdown)
    }
    // The editor writes `-`; beside a raw list of `-` it takes another marker.
    expect(roundTrip('* one\n* two\n\n- three\n\n  more about three\n- four\n')).toBe('* one\n* two\n\n- three\n\n  more about three\n- four')
  })

  it('keeps a list the import cuts into lists and paragraphs as one raw Markdown block', () => {
    expect(kinds('* one\n\n  more about one\n* two\n')).toEqual(['block:markdown'])
  })
})

describe('an edited list beside another list', () => {
  /** The stored Markdown saved after an editor changed `word` to `wordX` in the editor. */
  const savedAfterEdit = (markdown: string, word: string) => {
    const state = markdownToLexical(markdown, editorConfig)
    const edit = (node: LexicalNode) => {
      if (node.type === 'text' && node.text === word) node.text = `${word}X`
      for (const child of node.children ?? []) edit(child)
    }
    state.root.children.forEach(edit)
    return markdownKeepingSource(state, markdown, editorConfig)
  }

  it('is written with a marker other than its kept neighbour list, so the two stay apart', () => {
    expect(savedAfterEdit('- a\n- b\n\n* c\n* d\n', 'c')).toBe('- a\n- b\n\n* cX\n* d\n')
    expect(savedAfterEdit('- a\n\n* b\n\n- c\n', 'b')).toBe('- a\n\n* bX\n\n- c\n')
    expect(savedAfterEdit('* a\n* b\n\n- c\n\n  more about c\n- d\n', 'a')).toBe('* aX\n* b\n\n- c\n\n  more about c\n- d\n')
  })

  it('keeps lists apart across an empty paragraph, which writes nothing', () => {
    const [list] = topLevel('- a')
    const empty = { ...topLevel('x')[0]!, children: [] }
    expect(lexicalToMarkdown(rootState([list!, empty, list!]), editorConfig)).toBe('- a\n\n* a')
  })
})

describe('GFM footnote definitions', () => {
  it('keeps a paragraph of footnote definitions as written: GFM starts a footnote at each', () => {
    const markdown = 'A claim.[^a] Another.[^b]\n\n[^a]: The first source.\n[^b]: The second,\n    on two lines.\n'
    expect(kinds(markdown)).toEqual(['paragraph', 'block:markdown'])
    expect(roundTrip(markdown)).toBe(markdown.trimEnd())
  })
})
