import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { isBlockNode } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { markdownToLexical } from '../../lib/markdown/markdownToLexical'
import { comparableHtml, renderHtml } from '../../lib/markdown/renderHtml'
import { articleEditorConfig } from '../helpers/contentEditorConfig'
import { MARKDOWN_CORPUS_DIR, markdownCorpus } from '../helpers/markdownCorpus'

const corpus = markdownCorpus()

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

describe('Markdown -> Lexical -> Markdown on a corpus of real documents', () => {
  it('has at least 50 documents the project did not write', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50)
    const sources = fs.readFileSync(path.join(MARKDOWN_CORPUS_DIR, 'SOURCES.md'), 'utf8')
    for (const { file } of corpus) expect(sources).toContain(`| ${file} |`)
  })

  it('renders every document to the same CommonMark HTML after the round trip', () => {
    const results = corpus.map(({ file, markdown }) => {
      const state = markdownToLexical(markdown, editorConfig)
      const back = lexicalToMarkdown(state, editorConfig)
      const blocks = state.root.children
      return {
        file,
        same: comparableHtml(back) === comparableHtml(markdown),
        byteForByteHtml: renderHtml(back) === renderHtml(markdown),
        editorNodes: blocks.length,
        keptAsMarkdown: blocks.filter((node) => isBlockNode(node) && node.fields.blockType === 'markdown').length,
      }
    })
    const same = results.filter((result) => result.same).length
    const exact = results.filter((result) => result.byteForByteHtml).length
    const nodes = results.reduce((sum, result) => sum + result.editorNodes, 0)
    const kept = results.reduce((sum, result) => sum + result.keptAsMarkdown, 0)
    console.log(
      [
        `Markdown round trip: ${same}/${results.length} documents render to the same HTML (${((100 * same) / results.length).toFixed(1)}%);`,
        `${exact}/${results.length} to byte-identical HTML before whitespace normalisation.`,
        `${kept} of ${nodes} top-level blocks (${((100 * kept) / nodes).toFixed(1)}%) were kept as raw Markdown blocks.`,
        `Different: ${results.filter((result) => !result.same).map((result) => result.file).join(', ') || 'none'}`,
      ].join('\n'),
    )
    expect(results.filter((result) => !result.same).map((result) => result.file)).toEqual([])
  })
})
