import { describe, expect, it } from 'vitest'

import { articleReading, countText, minutesFor, storedToc } from '../../lib/articleReading'

const minutes = (markdown: string) => articleReading(markdown).readingTimeMinutes
const toc = (markdown: string) => articleReading(markdown).toc
const anchors = (markdown: string) => toc(markdown).map((entry) => entry.anchor)

describe('countText', () => {
  it('counts runs of letters or digits as words in Latin text', () => {
    expect(countText('Hello, world! 42 times; e-mail')).toEqual({ words: 6, cjkCharacters: 0 }) // e and mail
  })

  it('counts each Han, Kana and Hangul character as one CJK character', () => {
    expect(countText('你好世界')).toEqual({ words: 0, cjkCharacters: 4 })
    expect(countText('ひらがなカタカナ')).toEqual({ words: 0, cjkCharacters: 8 })
    expect(countText('안녕하세요')).toEqual({ words: 0, cjkCharacters: 5 })
  })

  it('counts mixed text by both rules: Latin words between CJK characters are words', () => {
    expect(countText('我用React写了3个app。')).toEqual({ words: 3, cjkCharacters: 5 })
  })

  it('keeps accented and combining letters inside their word, and other scripts by words', () => {
    expect(countText('Café naïve cafe\u0301 Привет мир नमस्ते')).toEqual({ words: 6, cjkCharacters: 0 })
  })

  it('counts nothing in punctuation, symbols and emoji', () => {
    expect(countText('— … !!! 🎉 👍🏽 ***')).toEqual({ words: 0, cjkCharacters: 0 })
  })
})

describe('minutesFor', () => {
  it('is max(1, ceil(words / 230 + cjkCharacters / 500))', () => {
    expect(minutesFor({ words: 0, cjkCharacters: 0 })).toBe(1)
    expect(minutesFor({ words: 230, cjkCharacters: 0 })).toBe(1)
    expect(minutesFor({ words: 231, cjkCharacters: 0 })).toBe(2)
    expect(minutesFor({ words: 0, cjkCharacters: 500 })).toBe(1)
    expect(minutesFor({ words: 0, cjkCharacters: 501 })).toBe(2)
    // 115 words (0.5) and 250 characters (0.5) make exactly 1; one more of either makes 2.
    expect(minutesFor({ words: 115, cjkCharacters: 250 })).toBe(1)
    expect(minutesFor({ words: 116, cjkCharacters: 250 })).toBe(2)
  })
})

describe('readingTimeMinutes', () => {
  it('is 1 for empty content and for white space', () => {
    expect(minutes('')).toBe(1)
    expect(minutes('   \n\n  ')).toBe(1)
  })

  it('counts Latin words: 230 a minute', () => {
    expect(minutes('word '.repeat(230))).toBe(1)
    expect(minutes('word '.repeat(231))).toBe(2)
    expect(minutes('word '.repeat(690))).toBe(3)
  })

  it('counts CJK characters: 500 a minute', () => {
    expect(minutes('字'.repeat(500))).toBe(1)
    expect(minutes('字'.repeat(1001))).toBe(3)
    expect(minutes('あ'.repeat(501))).toBe(2)
  })

  it('adds both in mixed text', () => {
    expect(minutes(`${'word '.repeat(230)}\n\n${'字'.repeat(500)}`)).toBe(2)
    expect(minutes(`${'word '.repeat(231)}\n\n${'字'.repeat(500)}`)).toBe(3)
  })

  it('reads code blocks as text, and not the Markdown markup', () => {
    const code = ['```js', ...Array.from({ length: 60 }, () => 'const alpha = beta + gamma'), '```'].join('\n') // 60 lines × 4 words
    expect(minutes(code)).toBe(2)
    expect(minutes(`${'**word** '.repeat(230)}`)).toBe(1)
    expect(minutes(`${'[word](https://example.com/a/b/c/d) '.repeat(230)}`)).toBe(1)
  })
})

describe('toc', () => {
  it('lists headings of depth 2 and 3 in document order, ATX and setext alike, [] when none', () => {
    const markdown = ['# One', '## Two', '### Three', '#### Four', 'Five\n----', 'Six\n===', '## Seven ##'].join('\n\n')
    expect(toc(markdown)).toEqual([
      { depth: 2, text: 'Two', anchor: 'two' },
      { depth: 3, text: 'Three', anchor: 'three' },
      { depth: 2, text: 'Five', anchor: 'five' },
      { depth: 2, text: 'Seven', anchor: 'seven' },
    ])
    expect(toc('Just a paragraph.')).toEqual([])
    expect(toc('')).toEqual([])
  })

  it('leaves out headings inside code fences and indented code', () => {
    expect(toc(['```', '## Not me', '```', '', '~~~', '## Nor me', '~~~', '', '    ## Nor me either', '', '## Me'].join('\n'))).toEqual([
      { depth: 2, text: 'Me', anchor: 'me' },
    ])
  })

  it('gives the heading text without inline markup, keeping link and code text', () => {
    expect(toc('## Hello *big* **bold** ~~old~~ [world](https://example.com) `code` <em>html</em> ![img](/a.png)')).toEqual([
      { depth: 2, text: 'Hello big bold old world code html', anchor: 'hello-big-bold-old-world-code-html' },
    ])
    expect(toc('## Fish &amp; chips \\*not emphasis\\*')[0]!.text).toBe('Fish & chips *not emphasis*')
  })

  it('numbers repeated anchors -1, -2 across all depths, as one github-slugger fed every heading does', () => {
    expect(anchors(['# Intro', '## Intro', '### Intro', '#### Intro', '## Intro'].join('\n\n'))).toEqual(['intro-1', 'intro-2', 'intro-4'])
  })

  it('slugs punctuation, emoji and CJK as github-slugger does', () => {
    expect(anchors('## Hello, World! (v2.0)')).toEqual(['hello-world-v20'])
    expect(anchors("## What's new? — C++ & C#")).toEqual(['whats-new--c--c'])
    expect(anchors('## 🎉 Party time 🎉')).toEqual(['-party-time-'])
    expect(anchors('## 你好，世界')).toEqual(['你好世界'])
    expect(anchors('## こんにちは 世界')).toEqual(['こんにちは-世界'])
    expect(anchors('## Ünïcödé Straße')).toEqual(['ünïcödé-straße'])
    expect(anchors('## UPPER case')).toEqual(['upper-case'])
  })

  it('finds headings inside block quotes and lists too (they get ids when rendered)', () => {
    expect(anchors(['> ## Quoted', '', '- ## Listed', '', '## Quoted'].join('\n'))).toEqual(['quoted', 'listed', 'quoted-1'])
  })
})

describe('storedToc', () => {
  it('accepts a stored table of contents and refuses anything else', () => {
    const entries = [{ depth: 2, text: 'A', anchor: 'a' }]
    expect(storedToc(entries)).toEqual(entries)
    expect(storedToc([])).toEqual([])
    expect(storedToc(null)).toBeUndefined()
    expect(storedToc('[]')).toBeUndefined()
    expect(storedToc([{ depth: '2', text: 'A', anchor: 'a' }])).toBeUndefined()
  })
})
