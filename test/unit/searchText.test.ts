import { describe, expect, it } from '@jest/globals'

import { textWords } from '../../lib/search/searchText'

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
