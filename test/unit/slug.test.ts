import { describe, expect, it } from 'vitest'

import { MAX_SLUG_LENGTH, slugFromTitle } from '../../lib/slug'

describe('slugFromTitle', () => {
  it.each([
    // Chinese: pinyin words
    ['你好世界', 'ni-hao-shi-jie'],
    ['学习 TypeScript 的第一天', 'xue-xi-typescript-de-di-yi-tian'],
    // Japanese kana (romaji as the library writes it; kanji read as Chinese)
    ['カタカナのテスト', 'katakananotesuto'],
    ['こんにちは世界', 'konnitihashi-jie'],
    // Russian
    ['Привет, мир!', 'privet-mir'],
    ['Щука и ёжик', 'shchuka-i-yozhik'],
    // Greek
    ['Γειά σου Κόσμε', 'geia-soy-kosme'],
    // German
    ['Über die Straße', 'uber-die-strasse'],
    ['Größenwahn & Öl', 'grossenwahn-ol'],
    // French
    ['Café crème à la française', 'cafe-creme-a-la-francaise'],
    ['Noël à Paris', 'noel-a-paris'],
    // Vietnamese
    ['Tiếng Việt có dấu', 'tieng-viet-co-dau'],
    ['Phở bò Hà Nội', 'pho-bo-ha-noi'],
    // Other Latin scripts
    ['ÆØÅ æøå', 'aeoa-aeoa'],
    ['İstanbul şehri', 'istanbul-sehri'],
    // Symbols, spacing and digits
    ['C++ & C# in 2024', 'c-c-in-2024'],
    ['Top 10', 'top-10'],
    ['  spaced   out  ', 'spaced-out'],
    ['--Leading and trailing--', 'leading-and-trailing'],
  ])('%s -> %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug)
  })

  it.each(['🎉🚀✨', '!!!???', '---', '', '   ', '★☆※→'])('falls back to "article" for %j', (title) => {
    expect(slugFromTitle(title)).toBe('article')
  })

  it('gives the same slug to titles that differ only in punctuation (the database suffix keeps them apart)', () => {
    const slugs = ['Hello, World!', 'Hello World', 'Hello... World?!', 'hello-world', '¡Hello — World!'].map((title) => slugFromTitle(title))
    expect(new Set(slugs)).toEqual(new Set(['hello-world']))
  })

  it('cuts very long titles at a word boundary, never past the maximum', () => {
    const slug = slugFromTitle('Why '.repeat(60))
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect(slug).toMatch(/^(why-)*why$/)
    const oneWord = slugFromTitle('a'.repeat(300))
    expect(oneWord).toBe('a'.repeat(MAX_SLUG_LENGTH))
  })

  it('only ever yields lowercase Latin words joined by single hyphens', () => {
    const titles = ['Ünïcödé ÇAFÉ', 'Σ σ ς', 'Mixed 中文 and English', 'tab\tand\nnewline', 'under_score.dot/slash']
    for (const title of titles) expect(slugFromTitle(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })
})
