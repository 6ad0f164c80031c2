import { beforeAll, describe, expect, it } from 'vitest'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { rootState } from '../../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { lexicalToMarkdownEach } from '../../lib/markdown/lexicalToMarkdownEach'
import { markdownToLexical } from '../../lib/markdown/markdownToLexical'
import { articleEditorConfig } from '../helpers/contentEditorConfig'
import { markdownCorpus } from '../helpers/markdownCorpus'

let editorConfig: SanitizedServerEditorConfig

beforeAll(async () => {
  editorConfig = await articleEditorConfig()
})

describe('lexicalToMarkdownEach', () => {
  it('writes every top-level node of every corpus document exactly as converting it alone does', () => {
    let compared = 0
    for (const { file, markdown } of markdownCorpus()) {
      const state = markdownToLexical(markdown, editorConfig)
      const groups = state.root.children.map((node) => [node])
      const alone = groups.map((group) => lexicalToMarkdown(rootState(group), editorConfig))
      expect({ file, written: lexicalToMarkdownEach(groups, editorConfig) }).toEqual({ file, written: alone })
      compared += groups.length
    }
    expect(compared).toBeGreaterThan(2000)
  })

  it('gives an empty text for an empty group, and keeps groups of several nodes together', () => {
    const [heading, paragraph] = markdownToLexical('# Title\n\nText.', editorConfig).root.children
    expect(lexicalToMarkdownEach([[], [heading!, paragraph!], [paragraph!]], editorConfig)).toEqual(['', '# Title\n\nText.', 'Text.'])
  })
})
