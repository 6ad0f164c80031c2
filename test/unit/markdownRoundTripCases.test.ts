import { beforeAll, describe, expect, it } from '@jest/globals'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { type LexicalNode, rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
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

describe('lists the editor cannot hold', () => {
  it('keeps a list the import cuts into lists and paragraphs as one raw Markdown block', () => {
    expect(kinds('* one\n\n  more about one\n* two\n')).toEqual(['block:markdown'])
  })
})

describe('GFM footnote definitions', () => {
  it('keeps a paragraph of footnote definitions as written: GFM starts a footnote at each', () => {
    const markdown = 'A claim.[^a] Another.[^b]\n\n[^a]: The first source.\n[^b]: The second,\n    on two lines.\n'
    expect(kinds(markdown)).toEqual(['paragraph', 'block:markdown'])
    expect(roundTrip(markdown)).toBe(markdown.trimEnd())
  })
})
