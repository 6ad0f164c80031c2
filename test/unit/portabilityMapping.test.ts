import { describe, expect, it } from 'vitest'

import { readFrontMatter, writeFrontMatter } from '../../lib/portability/frontMatter'
import { articleFromFrontMatter, nameList, parseDate } from '../../lib/portability/frontMatterMapping'
import { formatReport } from '../../lib/portability/importReport'
import { replaceAssetImgTags } from '../../lib/portability/readers/hexo'
import { replaceJekyllLiquid } from '../../lib/portability/readers/jekyll'

describe('parseDate', () => {
  it('reads ISO dates, Jekyll offsets and dates without a zone (as UTC)', () => {
    expect(parseDate('2024-03-01')).toEqual(new Date('2024-03-01T00:00:00Z'))
    expect(parseDate('2024-03-01 9:05')).toEqual(new Date('2024-03-01T09:05:00Z'))
    expect(parseDate('2019-02-20 09:30:00 +0800')).toEqual(new Date('2019-02-20T01:30:00Z'))
    expect(parseDate('2021-03-14T09:26:53+01:00')).toEqual(new Date('2021-03-14T08:26:53Z'))
    expect(parseDate(new Date('2020-01-01T00:00:00Z'))).toEqual(new Date('2020-01-01T00:00:00Z'))
  })

  it('says "invalid" for what is not a date, and undefined for nothing', () => {
    expect(parseDate('next tuesday')).toBe('invalid')
    expect(parseDate(20240301)).toBe('invalid')
    expect(parseDate(undefined)).toBeUndefined()
    expect(parseDate('')).toBeUndefined()
  })
})

describe('nameList', () => {
  it('flattens strings, comma lists and Hexo category paths', () => {
    expect(nameList('a, b')).toEqual(['a', 'b'])
    expect(nameList([['Tech', 'Node'], 'Misc'])).toEqual(['Tech', 'Node', 'Misc'])
    expect(nameList(undefined)).toEqual([])
  })
})

describe('articleFromFrontMatter', () => {
  it('maps the usual keys, category first, then first tag', () => {
    expect(
      articleFromFrontMatter({ title: 'T', slug: 's', date: '2020-01-02', draft: true, categories: ['C'], tags: ['t'], description: 'd', cover: { image: '/c.png' }, featured: true }),
    ).toEqual({
      title: 'T', slug: 's', date: new Date('2020-01-02T00:00:00Z'), publishedAt: undefined, publishAt: undefined, draft: true, category: 'C', otherCategories: [],
      tags: ['t'], excerpt: 'd', cover: '/c.png', featured: true, views: undefined, likes: undefined, author: undefined,
    })
    expect(articleFromFrontMatter({ title: 'T', tags: ['first', 'second'] })).toMatchObject({ category: 'first', slug: '' })
    expect(articleFromFrontMatter({ title: 'T' })).toMatchObject({ category: undefined })
    expect(articleFromFrontMatter({ title: 'T', published: false })).toMatchObject({ draft: true })
    expect(articleFromFrontMatter({ title: 'T', image: { path: '/p.png' } })).toMatchObject({ cover: '/p.png' })
  })

  it('uses the defaults a reader derives from the file, and refuses what it cannot map', () => {
    expect(articleFromFrontMatter({}, { title: 'From file', slug: 'from-file', draft: true })).toMatchObject({ title: 'From file', slug: 'from-file', draft: true })
    expect(articleFromFrontMatter({})).toEqual({ problem: 'no title in the front matter' })
    expect(articleFromFrontMatter({ title: 'T', date: 'soon' })).toEqual({ problem: 'date "soon" is not a date' })
  })
})

describe('front matter', () => {
  it('reads YAML and TOML and names what is broken', () => {
    expect(readFrontMatter('---\ntitle: 你好\n---\nBody\n')).toEqual({ data: { title: '你好' }, content: 'Body\n' })
    expect(readFrontMatter('+++\ntitle = "x"\ndraft = true\n+++\nBody\n').data).toEqual({ title: 'x', draft: true })
    expect(() => readFrontMatter('---\ntitle: a\ntitle: b\n---\n')).toThrow(/^broken front matter: Map keys must be unique/)
    expect(() => readFrontMatter('+++\ntitle = \n+++\n')).toThrow(/^broken front matter: /)
  })

  it('writes what it reads back, the body byte for byte', () => {
    const body = '\n## Heading\n\n```yaml\n---\nnot: front matter\n---\n```\n'
    const text = writeFrontMatter({ title: 'Title: with a colon', date: '2024-01-01T00:00:00.000Z', draft: false, gone: undefined, tags: ['a'] }, body)
    expect(readFrontMatter(text)).toEqual({ data: { title: 'Title: with a colon', date: '2024-01-01T00:00:00.000Z', draft: false, tags: ['a'] }, content: body })
  })
})

describe('source dialects', () => {
  it("turns Jekyll's highlight tags and URL Liquid into Markdown", () => {
    expect(replaceJekyllLiquid('{% highlight ruby linenos %}\nputs 1\n{% endhighlight %}')).toBe('```ruby\nputs 1\n```')
    expect(replaceJekyllLiquid('![a]({{ site.baseurl }}/assets/a.png) ![b]({{ "/assets/b.png" | relative_url }})')).toBe('![a](/assets/a.png) ![b](/assets/b.png)')
  })

  it("turns Hexo's asset_img tags into Markdown images", () => {
    expect(replaceAssetImgTags('{% asset_img a.png "A title" %} {% asset_img b.jpg %}')).toBe('![A title](a.png) ![](b.jpg)')
  })
})

describe('formatReport', () => {
  it('lists what changed or failed, counts the unchanged, and says when nothing was written', () => {
    const outcomes = [
      { kind: 'article' as const, label: 'a.md', action: 'created' as const },
      { kind: 'article' as const, label: 'b.md', action: 'skipped' as const, reason: 'unchanged since the last import' },
      { kind: 'file' as const, label: 'c.md', action: 'skipped' as const, reason: 'broken front matter: x', failed: true },
    ]
    expect(formatReport({ dryRun: false, outcomes })).toBe(
      'created  article  a.md\nskipped  file     c.md: broken front matter: x\n1 created, 0 updated, 2 skipped (1 unchanged since the last import, 1 with problems).',
    )
    expect(formatReport({ dryRun: true, outcomes }).split('\n')).toEqual([
      'would create   article  a.md',
      'would skip     file     c.md: broken front matter: x',
      'Dry run, nothing written. 1 would be created, 0 would be updated, 2 would be skipped (1 unchanged since the last import, 1 with problems).',
    ])
  })
})
