import { describe, expect, it } from 'vitest'

import { indexedText, parseQuery, querySize, textWords } from '../../lib/search/searchText'
import { markdownCorpus } from '../helpers/markdownCorpus'

/** The words Intl.Segmenter finds in the whole text at once, as textWords reports them. */
const wholeTextWords = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'word' }).segment(text))
    .filter((segment) => segment.isWordLike)
    .map(({ index, segment }) => ({ index, segment }))

const MIXED = [
  'Plain words, numbers 3.14 and 1,000, e.g. e-mail and don\u2019t.',
  'Café crème, naïve résumé; Ærøskøbing \uFB01le, decomposed e\u0301 and x\u0308y.',
  '这是一个全文搜索功能。日本語のテキストです。ภาษาไทยไม่มีช่องว่าง',
  'Emoji 👩\u200d💻 and 🇫🇷 flags,\ttabs,\u00a0no-break\u00a0spaces and a\u200bzero width space.',
  'Ελληνικά и русский текст, עברית, 한국어 문장입니다',
].join('\n')

describe('textWords', () => {
  it('finds in a long text, segmented a piece at a time, the words segmenting it whole finds, at the same places', () => {
    const text = Array.from({ length: 60 }, (_, i) => `${MIXED} ${i}`).join('\n\n')
    expect(text.length).toBeGreaterThan(10_000)
    const words = textWords(text)
    expect(words.map(({ index, segment }) => ({ index, segment }))).toEqual(wholeTextWords(text))
    expect(words.every(({ index, segment }) => text.startsWith(segment, index))).toBe(true)
  })

  it('keeps a long run without white space whole', () => {
    const text = `start ${'搜索'.repeat(2_000)} end`
    expect(textWords(text).map(({ index, segment }) => ({ index, segment }))).toEqual(wholeTextWords(text))
  })
})

describe('parseQuery', () => {
  it('makes each word outside quotes a term, each quoted part a phrase, and only a last word being typed a prefix', () => {
    expect(parseQuery('Café "quick brown" fo')).toEqual([
      { tokens: ['cafe'], prefix: false },
      { tokens: ['quick', 'brown'], prefix: false },
      { tokens: ['fo'], prefix: true },
    ])
    expect(parseQuery('fox "quick brown"').map((term) => term.prefix)).toEqual([false, false])
    expect(parseQuery('fox ').map((term) => term.prefix)).toEqual([false])
    expect(parseQuery('"open phrase')).toEqual([{ tokens: ['open', 'phrase'], prefix: false }])
    expect(parseQuery("don't")).toEqual([{ tokens: ['don', 't'], prefix: true }])
    expect(parseQuery('"" " " !!')).toEqual([])
  })
})

describe('querySize', () => {
  it('counts every token as a word, inside quotes too, and each quoted part with words as a phrase', () => {
    expect(querySize('one two three')).toEqual({ words: 3, phrases: 0 })
    expect(querySize('"quick brown" fox "lazy dog"')).toEqual({ words: 5, phrases: 2 })
    expect(querySize("don't 搜索引擎")).toEqual({ words: 4, phrases: 0 })
    expect(querySize('"" "!!" x')).toEqual({ words: 1, phrases: 0 })
    expect(querySize('"a b')).toEqual({ words: 2, phrases: 1 })
  })
})

describe('indexedText', () => {
  const bySegmenter = (text: string) =>
    textWords(text)
      .flatMap((word) => word.tokens)
      .join(' ')

  it('stores the tokens textWords finds (what queries are parsed with), on every corpus document and odd text', () => {
    const odd = [
      '½ tsp chilli, x² + y², Ⅻ, ١٢٣',
      '北京大学 and 東京の天気',
      'café, naïve — déjà vu; ÅNGSTRÖM Straße ﬁne',
      "don't e-mail foo_bar 3.14 v1.2.3 _x_ __init__ a.b.c http://x.com/a?b=c&d=e#f C++ & C# y=2.5e10 `code_span` ***bold***",
      `${'a'.repeat(3000)} b`,
      `${'plain ascii words '.repeat(100)}then ünïcödé ${'and ascii again '.repeat(100)}`,
    ]
    for (const text of [...markdownCorpus().map(({ markdown }) => markdown), ...odd]) {
      expect(indexedText(text)).toBe(bySegmenter(text))
    }
  })
})
