import { describe, expect, it } from 'vitest'

import { markdownToPlainText, truncateCodePoints } from '../../lib/plainText'
import { readArticleKey } from '../../lib/publicSlug'
import { rankEntries, rankingEntries, similarity } from '../../lib/relatedProjects'

describe('markdownToPlainText', () => {
  it('drops headings, emphasis, link syntax, inline HTML, images and code blocks', () => {
    const markdown = [
      '# Title *here*',
      '',
      'Some **bold**, _italic_, ~~gone~~ and [a link](https://example.com "t") with `code`.',
      '',
      '```ts',
      'const secret = 42',
      '```',
      '',
      '<div class="x">raw html</div>',
      '',
      '![alt text](/img.png)',
      '',
      '- one',
      '- two',
      '',
      '> quoted &amp; escaped &lt;tag&gt;',
    ].join('\n')
    const text = markdownToPlainText(markdown)
    expect(text).toBe('Title here Some bold, italic, gone and a link with code. one two quoted & escaped <tag>')
    expect(text).not.toMatch(/[#*_`[\]]|https:|secret|raw html|alt text/)
  })

  it('keeps table cells as words', () => {
    expect(markdownToPlainText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2')
  })
})

describe('truncateCodePoints', () => {
  it('counts code points, never splitting a surrogate pair', () => {
    const emoji = '😀'.repeat(150)
    const cut = truncateCodePoints(emoji, 100)
    expect(Array.from(cut)).toHaveLength(100)
    expect(cut).toBe('😀'.repeat(100))
    expect(cut.length).toBe(200)
  })

  it('leaves short text alone and trims a trailing space at the cut', () => {
    expect(truncateCodePoints('short', 100)).toBe('short')
    expect(truncateCodePoints('abc def', 4)).toBe('abc')
  })
})

describe('readArticleKey', () => {
  it.each([
    ['42', { kind: 'id', id: 42 }],
    ['top-10-7', { kind: 'slug', slug: 'top-10-7', publicForm: { storedSlug: 'top-10', id: 7 } }],
    ['hello-world', { kind: 'slug', slug: 'hello-world', publicForm: undefined }],
    ['2024-5', { kind: 'slug', slug: '2024-5', publicForm: { storedSlug: '2024', id: 5 } }],
    ['2147483647', { kind: 'id', id: 2147483647 }],
    ['2147483648', { kind: 'none' }],
    ['0', { kind: 'none' }],
    ['top-2147483648', { kind: 'slug', slug: 'top-2147483648', publicForm: undefined }],
    ['top\u0000-7', { kind: 'none' }],
  ])('%s', (param, key) => {
    expect(readArticleKey(param)).toEqual(key)
  })
})

describe('related project ranking', () => {
  it('computes Jaccard similarity', () => {
    expect(similarity(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3)
    expect(similarity(new Set(), new Set())).toBe(0)
  })

  it('orders by score, then newer, then higher id, and excludes the target', () => {
    const project = (id: number, techStack: string[], category: number | null, day: number) => ({
      id,
      techStack,
      category,
      createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
    })
    const target = project(1, ['React', 'Node'], 1, 1)
    const entries = rankingEntries([
      target,
      project(2, ['react'], 2, 1), // 0.5
      project(3, ['Go'], 1, 1), // 0.5 (category), same day: higher id first
      project(4, ['REACT', 'node'], null, 1), // 1
      project(5, ['Go'], 2, 9), // 0
      project(6, ['react'], 2, 3), // 0.5, newest of the 0.5s
    ])
    const ranked = rankEntries(entries[0]!, entries)
    expect(ranked.map((p) => p.id)).toEqual([4, 6, 3, 2, 5])
  })
})
