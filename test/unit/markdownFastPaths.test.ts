import { beforeAll, describe, expect, it } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { Lexer, type Token, type Tokens } from 'marked'

import { rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { withEscapesRead } from '../../lib/markdown/markdownEscapes'
import { importMarkdownNodes } from '../../lib/markdown/markdownImporter'
import { plainBlockNodes } from '../../lib/markdown/plainBlocks'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { sourceUnwrapped } from '../../lib/markdown/sourceUnwrapped'
import { articleEditorConfig } from '../helpers/contentEditorConfig'
import { markdownCorpus } from '../helpers/markdownCorpus'

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

const blocks = (markdown: string): Token[] => new Lexer({ gfm: true }).lex(markdown).filter((token) => token.type !== 'space')

const importInput = (token: Token) =>
  token.type === 'heading' ? `${'#'.repeat((token as Tokens.Heading).depth)} ${(token as Tokens.Heading).text}` : token.raw

describe('plain prose made without the editor import', () => {
  it('gives, for every corpus block it takes, the import nodes and Markdown that renders the same', () => {
    let taken = 0
    for (const { file, markdown } of markdownCorpus()) {
      for (const token of blocks(markdown.replace(/\r\n?/g, '\n'))) {
        const nodes = plainBlockNodes(token, editorConfig)
        if (!nodes) continue
        taken++
        expect({ file, nodes }).toEqual({ file, nodes: withEscapesRead(importMarkdownNodes(importInput(token), editorConfig)) })
        expect({ file, html: comparableHtml(lexicalToMarkdown(rootState(nodes), editorConfig)) }).toEqual({ file, html: comparableHtml(token.raw) })
      }
    }
    expect(taken).toBeGreaterThan(4000)
  })

  it('takes prose with code spans and joins soft line breaks, and leaves anything else to the import', () => {
    const [paragraph] = blocks('Run `npm ci` and\nthen start.')
    expect(plainBlockNodes(paragraph!, editorConfig)?.[0]?.children?.map((child) => [child.text, child.format])).toEqual([
      ['Run ', 0],
      ['npm ci', 16],
      [' and then start.', 0],
    ])
    for (const markdown of ['See *this*.', 'A [link](x).', 'Hard  \nbreak', 'a &amp; b', 'Go to https://example.com', '## Title ##', 'Setext\n===']) {
      expect({ markdown, nodes: plainBlockNodes(blocks(markdown)[0]!, editorConfig) }).toEqual({ markdown, nodes: null })
    }
  })
})

describe('sourceUnwrapped', () => {
  it('holds, on every corpus paragraph and heading, only where the source unwrapped renders as the source does', () => {
    let held = 0
    for (const { file, markdown } of markdownCorpus()) {
      for (const token of blocks(markdown.replace(/\r\n?/g, '\n'))) {
        const unwrapped = token.raw.replace(/\s+$/, '').replace(/[ \t]*\n[ \t]*/g, ' ')
        if (!sourceUnwrapped(token, unwrapped)) continue
        held++
        expect({ file, html: comparableHtml(unwrapped) }).toEqual({ file, html: comparableHtml(token.raw) })
      }
    }
    expect(held).toBeGreaterThan(5000)
  })

  it('does not hold for hard breaks, text the editor changed or a paragraph opening with a tag', () => {
    const [hard] = blocks('One  \ntwo')
    expect(sourceUnwrapped(hard!, 'One two')).toBe(false)
    const [changed] = blocks('One\ntwo')
    expect(sourceUnwrapped(changed!, 'One two')).toBe(true)
    expect(sourceUnwrapped(changed!, 'One  two')).toBe(false)
    const [tag] = blocks('<Image\n  alt="x"\n/>')
    expect(sourceUnwrapped(tag!, '<Image alt="x" />')).toBe(false)
  })
})
