import { describe, expect, it } from 'vitest'

import { highlightSnippet } from '../../lib/search/snippet'
import { parseQuery, type TextWord, textWords, wordReader } from '../../lib/search/searchText'

/** Every word `wordReader` gives for the text. */
const highlightWords = (text: string): TextWord[] => {
  const words: TextWord[] = []
  const next = wordReader(text)
  for (let word = next(); word; word = next()) words.push(word)
  return words
}

const visible = (snippet: string) => Array.from(snippet.replace(/<\/?mark>/g, '').replace(/&#\d+;/g, '_')).length

describe('wordReader', () => {
  it.each([
    ['Plain ASCII words, numbers 3.14 and e-mail'],
    ['Café crème, naïve résumé; Ærøskøbing ﬁle'],
    ['Ελληνικά и русский текст, עברית'],
    ['한국어 문장입니다'],
    ['decomposed e\u0301 and x\u0308y'],
  ])('finds the same tokens as Intl.Segmenter where no dictionary is needed: %s', (text) => {
    expect(highlightWords(text).flatMap((word) => word.tokens)).toEqual(textWords(text).flatMap((word) => word.tokens))
  })

  it('uses the dictionary for Chinese and Japanese', () => {
    expect(highlightWords('这是一个全文搜索功能').map((word) => word.segment)).toContain('搜索')
    expect(highlightWords('日本語のテキストです').map((word) => word.segment)).toEqual(textWords('日本語のテキストです').map((word) => word.segment))
  })
})

describe('highlightSnippet', () => {
  const long = `${'Intro words go here. '.repeat(30)}The lighthouse keeper lit the lamp. ${'Closing words follow. '.repeat(30)}`

  it('cuts around the first match, at word boundaries, with ellipses counted in the 160', () => {
    const snippet = highlightSnippet(long, parseQuery('lighthouse'))
    expect(snippet.startsWith('…')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet).toContain('<mark>lighthouse</mark> keeper')
    expect(visible(snippet)).toBeLessThanOrEqual(160)
    expect(snippet.slice(1, 2)).toMatch(/[A-Za-z]/)
  })

  it('starts at the text when the match is near it, and marks every matching word and prefix', () => {
    expect(highlightSnippet('Lighthouses and a lighthouse.', parseQuery('lighthouse '))).toBe('Lighthouses and a <mark>lighthouse</mark>.')
    expect(highlightSnippet('Lighthouses and a lighthouse.', parseQuery('lightho'))).toBe('<mark>Lighthouses</mark> and a <mark>lighthouse</mark>.')
  })

  it('folds accents and case to find the match', () => {
    expect(highlightSnippet('Notes from a Café in town', parseQuery('cafe'))).toBe('Notes from a <mark>Café</mark> in town')
  })

  it('collapses whitespace and escapes everything but the marks', () => {
    expect(highlightSnippet('  a <b>\n\n & "x" lighthouse  ', parseQuery('lighthouse'))).toBe('a &#60;b&#62; &#38; &#34;x&#34; <mark>lighthouse</mark>')
  })

  it('never splits a surrogate pair, and counts emoji as one', () => {
    const text = `${'😀'.repeat(300)} lighthouse ${'😀'.repeat(300)}`
    const snippet = highlightSnippet(text, parseQuery('lighthouse'))
    expect(snippet).toContain('<mark>lighthouse</mark>')
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    expect(visible(snippet)).toBeLessThanOrEqual(160)
  })

  it('marks Chinese words found by the dictionary', () => {
    expect(highlightSnippet('这是一个全文搜索功能的测试。', parseQuery('搜索'))).toContain('<mark>搜索</mark>')
  })

  it('without a match, is the start of the text', () => {
    expect(highlightSnippet(long, parseQuery('absent'))).toMatch(/^Intro words go here\..*…$/)
  })
})
