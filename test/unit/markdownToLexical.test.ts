import { beforeAll, describe, expect, it } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { type LexicalNode, type LexicalState, rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { markdownToLexical } from '../../lib/markdown/markdownToLexical'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { withUploadsResolved } from '../../lib/markdown/uploadNodes'
import { articleEditorConfig } from '../helpers/contentEditorConfig'

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

const topLevel = (markdown: string): LexicalNode[] => markdownToLexical(markdown, editorConfig).root.children

const kinds = (markdown: string) =>
  topLevel(markdown).map((node) => (node.type === 'block' ? `block:${(node.fields as { blockType: string }).blockType}` : node.type))

const descendants = (nodes: LexicalNode[]): LexicalNode[] => nodes.flatMap((node) => [node, ...descendants(node.children ?? [])])

const roundTrip = (markdown: string) => lexicalToMarkdown(markdownToLexical(markdown, editorConfig), editorConfig)

describe('Markdown -> editor nodes, for each construct the editor offers', () => {
  it('headings (both spellings), paragraphs, quotes, rules and lists become the editor own nodes', () => {
    expect(kinds('# One\n\nSetext two\n----------\n\nText.\n\n> Quoted\n\n***\n\n- a\n- b\n\n1. x\n2. y\n\n- [ ] todo\n- [x] done')).toEqual([
      'heading',
      'heading',
      'paragraph',
      'quote',
      'horizontalrule',
      'list',
      'list',
      'list',
    ])
    const [, setext] = topLevel('# One\n\nSetext two\n----------')
    expect(setext).toMatchObject({ tag: 'h2' })
  })

  it('nested lists indented by two spaces stay lists, nested, and render the same', () => {
    const markdown = '* one\n  * one.a\n  * one.b\n* two'
    const [list, ...rest] = topLevel(markdown)
    expect(rest).toEqual([])
    expect(list).toMatchObject({ type: 'list', listType: 'bullet' })
    expect(descendants([list!]).filter((node) => node.type === 'list')).toHaveLength(2)
    expect(comparableHtml(roundTrip(markdown))).toBe(comparableHtml(markdown))
  })

  it('code fences keep their language in a code block, and the code byte for byte', () => {
    const code = 'const a = 1\n\n```nested fence```\n'
    const markdown = '````ts\n' + code + '\n````'
    const [node] = topLevel(markdown)
    expect(node).toMatchObject({ type: 'block', fields: { blockType: 'Code', language: 'ts', code } })
    expect(roundTrip(markdown)).toBe(markdown)
  })

  it('links, inline code, bold, italic and strikethrough are formatted text', () => {
    const nodes = descendants(topLevel('See [the docs](https://example.com/docs) and `npm ci`, **bold**, *it* and ~~old~~.'))
    expect(nodes.find((node) => node.type === 'link')).toMatchObject({ fields: { url: 'https://example.com/docs' } })
    const formatOf = (text: string) => nodes.find((node) => node.text === text)?.format
    // Lexical text formats: 1 bold, 2 italic, 4 strikethrough, 16 code.
    expect([formatOf('npm ci'), formatOf('bold'), formatOf('it'), formatOf('old')]).toEqual([16, 1, 2, 4])
  })

  it('tables become table nodes with a header row', () => {
    const nodes = topLevel('| Name | Size |\n| --- | --- |\n| a | 1 |\n| b | 2 |')
    expect(nodes.map((node) => node.type)).toEqual(['table'])
    expect(nodes[0].children).toHaveLength(3)
  })

  it('an image on its own line becomes an image block with its address, alt text and title', () => {
    expect(topLevel('![A cat](https://example.com/cat.png "Sleeping")')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ blockType: 'image', url: 'https://example.com/cat.png', alt: 'A cat', title: 'Sleeping' }) }),
    ])
  })

  it('keeps what the editor cannot represent as a raw Markdown block, exactly', () => {
    const html = '<details>\n<summary>More</summary>\nHidden\n</details>'
    const aligned = '| a | b |\n|:--|--:|\n| 1 | 2 |'
    for (const markdown of [html, aligned, '```weird-lang {1,3}\nx\n```']) {
      const [node, ...rest] = topLevel(markdown)
      expect(rest).toEqual([])
      expect(node).toMatchObject({ type: 'block', fields: { blockType: 'markdown', markdown } })
    }
  })

  it('keeps link reference definitions together, so reference links still resolve after the round trip', () => {
    const markdown = 'Read [the guide][guide] and [api].\n\n[guide]: https://example.com/guide\n[api]: https://example.com/api "API"'
    expect(kinds(markdown)).toEqual(['paragraph', 'block:markdown'])
    expect(comparableHtml(roundTrip(markdown))).toBe(comparableHtml(markdown))
    expect(comparableHtml(markdown)).toContain('<a href="https://example.com/guide">the guide</a>')
  })

  it('code fences with more than a language keep the rest of the info string as the block meta, byte for byte', () => {
    const markdown = '```tsx filename="app/page.tsx"  {1,3}\nexport default function Page() {}\n```'
    const [node] = topLevel(markdown)
    expect(node).toMatchObject({ type: 'block', fields: { blockType: 'Code', language: 'tsx', meta: 'filename="app/page.tsx"  {1,3}' } })
    expect(roundTrip(markdown)).toBe(markdown)
    const tildes = '~~~js title="`quoted`"\nx\n~~~'
    expect(topLevel(tildes)[0]).toMatchObject({ fields: { language: 'js', meta: 'title="`quoted`"' } })
    expect(roundTrip(tildes)).toBe(tildes)
    expect(topLevel('```ts\nx\n```')[0]!.fields).not.toHaveProperty('meta')
  })

  it('loose lists become editor lists marked loose, written back with their items apart', () => {
    const markdown = '- first\n\n- second\n  - nested a\n  - nested b\n\n- third'
    const [list, ...rest] = topLevel(markdown)
    expect(rest).toEqual([])
    expect(list).toMatchObject({ type: 'list', $: { loose: true } })
    expect(comparableHtml(markdown)).toContain('<li><p>first</p></li>')
    expect(comparableHtml(roundTrip(markdown))).toBe(comparableHtml(markdown))
    const ordered = '1. one\n\n2. two\n'
    expect(topLevel(ordered)).toEqual([expect.objectContaining({ type: 'list', listType: 'number', $: { loose: true } })])
    expect(comparableHtml(roundTrip(ordered))).toBe(comparableHtml(ordered))
    // A tight list is not marked, and a loose list next to a tight one of the same kind stays a list of its own.
    expect(topLevel('- a\n- b')[0]).not.toHaveProperty('$')
    const neighbours = '- a\n\n- b\n\n* c\n* d'
    expect(comparableHtml(roundTrip(neighbours))).toBe(comparableHtml(neighbours))
  })

  it('paragraphs with reference links stay paragraphs showing the reference form, written back as it', () => {
    const markdown = 'Read [the guide][guide] and [api].\n\n[guide]: https://example.com/guide\n[api]: https://example.com/api'
    const [paragraph] = topLevel(markdown)
    expect(descendants([paragraph!]).filter((node) => node.type === 'text').map((node) => node.text)).toEqual(['Read [the guide][guide] and [api].'])
    expect(roundTrip(markdown)).toBe(markdown)
  })

  it('gives an empty document for empty Markdown', () => {
    expect(topLevel('')).toEqual([])
    expect(lexicalToMarkdown(rootState([]), editorConfig)).toBe('')
  })
})

describe('editor nodes -> Markdown', () => {
  it('writes an uploaded image as ![alt](url) once its document is loaded', async () => {
    const state: LexicalState = rootState([
      { type: 'upload', version: 3, relationTo: 'media', value: 7, fields: null, format: '', id: 'x' },
    ])
    const loaded: string[] = []
    const resolved = await withUploadsResolved(state, async (collection, ids) => {
      loaded.push(`${collection}:${ids.join(',')}`)
      return [{ id: 7, url: '/cms-api/media/file/cat.webp', alt: 'A cat', filename: 'cat.webp', mimeType: 'image/webp' }]
    })
    expect(loaded).toEqual(['media:7'])
    expect(lexicalToMarkdown(resolved, editorConfig)).toBe('![A cat](/cms-api/media/file/cat.webp)')
  })

  it('writes a meta an editor typed after the language, on one line, with tildes when it holds a backtick', () => {
    const code = (meta: string) =>
      rootState([{ type: 'block', version: 2, format: '', fields: { id: 'a', blockName: '', blockType: 'Code', language: 'ts', code: 'x', meta } }])
    expect(lexicalToMarkdown(code('title="a.ts"'), editorConfig)).toBe('```ts title="a.ts"\nx\n```')
    expect(lexicalToMarkdown(code('a\nb'), editorConfig)).toBe('```ts a b\nx\n```')
    expect(lexicalToMarkdown(code('`b`'), editorConfig)).toBe('~~~ts `b`\nx\n~~~')
    expect(lexicalToMarkdown(code(''), editorConfig)).toBe('```ts\nx\n```')
  })

  it('picks a fence longer than any backtick run in the code', () => {
    const state = rootState([{ type: 'block', version: 2, format: '', fields: { id: 'a', blockName: '', blockType: 'Code', language: 'md', code: 'a ``` b ```` c' } }])
    expect(lexicalToMarkdown(state, editorConfig)).toBe('`````md\na ``` b ```` c\n`````')
  })
})

describe('documents that used to change meaning in the round trip', () => {
  it('keeps two adjacent lists apart: the second is written with other markers', () => {
    for (const markdown of ['- a\n- b\n\n* c\n* d\n', '1. a\n2. b\n\n1) c\n', '- a\n\n* b\n\n- c\n', '- [ ] a\n\n* b\n']) {
      const back = roundTrip(markdown)
      expect({ markdown, html: comparableHtml(back) }).toEqual({ markdown, html: comparableHtml(markdown) })
    }
    expect(roundTrip('- a\n- b\n\n* c\n* d\n')).toBe('- a\n- b\n\n* c\n* d')
    expect(roundTrip('1. a\n\n2) b\n')).toBe('1. a\n\n2) b')
  })

  it('keeps a link whose text has escaped brackets intact (judged by a CommonMark renderer)', () => {
    const markdown = "* [destination\\[Symbol.for('x')\\]](#metadata)\n"
    expect(comparableHtml(markdown)).toBe('<ul><li><a href="#metadata">destination[Symbol.for(\'x\')]</a></li></ul>')
    expect(comparableHtml(roundTrip(markdown))).toBe(comparableHtml(markdown))
  })

  it('reads escapes the editor import keeps as typed, so the editor shows the character, not the escape', () => {
    // From Node.js's repl.md (`* {string\[]}`): the import read `\*` and `\_` but kept `\[` and `\\`, so the text
    // showed a backslash and the block could only be kept as raw Markdown.
    const texts = (markdown: string) => descendants(topLevel(markdown)).filter((node) => node.type === 'text').map((node) => node.text)
    expect(kinds('* {string\\[]}')).toEqual(['list'])
    expect(texts('* {string\\[]}')).toEqual(['{string[]}'])
    expect(texts('a\\\\b and \\*c\\*')).toEqual(['a\\b and *c*'])
    // In inline code a backslash is literal.
    expect(texts('`a\\[b`')).toEqual(['a\\[b'])
    // Entity and numeric character references too (form-data's CHANGELOG.md: `node &lt; 17`), but not in code.
    expect(texts('- node &lt; 17 and &#x41;&amp;B')).toEqual(['node < 17 and A&B'])
    expect(texts('`a &amp; b`')).toEqual(['a &amp; b'])
    for (const markdown of ['* {string\\[]}', 'a\\\\b and \\*c\\*', '`a\\[b`', '\\- not a list', '- node &lt; 17', '&lt;div&gt;', '`a &amp; b`']) {
      expect({ markdown, html: comparableHtml(roundTrip(markdown)) }).toEqual({ markdown, html: comparableHtml(markdown) })
    }
  })

  it('keeps a block whose link the editor import splits as raw Markdown, though it writes the same Markdown back', () => {
    // From pino's docs/api.md: the import made the text `[StreamEntry[` and a link with the text `]`.
    const markdown = 'Returns: [StreamEntry[]](#streamentry)'
    expect(topLevel(markdown)).toEqual([expect.objectContaining({ fields: expect.objectContaining({ blockType: 'markdown', markdown }) })])
    expect(comparableHtml(roundTrip(markdown))).toBe(comparableHtml(markdown))
    // A link the import reads whole is still a link node.
    const link = descendants(topLevel('Returns: [StreamEntry](#streamentry)')).find((node) => node.type === 'link')
    expect(link?.children?.[0]).toMatchObject({ text: 'StreamEntry' })
  })
})
