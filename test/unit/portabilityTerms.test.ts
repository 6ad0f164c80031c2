import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { readFrontMatter } from '../../lib/portability/frontMatter'
import { articleFromFrontMatter } from '../../lib/portability/frontMatterMapping'
import type { FrontMatterDialect } from '../../lib/portability/frontMatterTerms'
import { readHexoSite } from '../../lib/portability/readers/hexo'
import { readHugoSite } from '../../lib/portability/readers/hugo'
import { readJekyllSite } from '../../lib/portability/readers/jekyll'
import type { ArticleFields, SourceSite } from '../../lib/portability/sourceItem'

/** Category, the other categories and the tags of a post file's front matter, as `dialect` reads them. */
const terms = (file: string, dialect: FrontMatterDialect) => {
  const fields = articleFromFrontMatter(readFrontMatter(file).data, { title: 'T' }, dialect) as ArticleFields
  return { category: fields.category, others: fields.otherCategories, tags: fields.tags }
}

describe('Jekyll categories and tags', () => {
  it('splits a string of names at spaces, as Jekyll does', () => {
    expect(terms('---\ncategories: meta blogging\ntags: ruby  jekyll\n---\n', 'jekyll')).toEqual({ category: 'meta', others: ['blogging'], tags: ['ruby', 'jekyll'] })
  })

  it('takes a YAML list as its names, a name with a space included', () => {
    expect(terms('---\ncategories: [meta, "web development"]\ntags:\n  - static sites\n---\n', 'jekyll')).toEqual({
      category: 'meta',
      others: ['web development'],
      tags: ['static sites'],
    })
  })

  it('reads the singular `category` as one name, before `categories`', () => {
    expect(terms('---\ncategory: meta blogging\n---\n', 'jekyll')).toEqual({ category: 'meta blogging', others: [], tags: [] })
    expect(terms('---\ncategory: news\ncategories: a b\n---\n', 'jekyll')).toMatchObject({ category: 'news', others: [] })
    expect(terms('---\ntag: one tag\n---\n', 'jekyll')).toMatchObject({ category: 'one tag', tags: ['one tag'] })
  })

  it('reads commas between names as separators, and each name once', () => {
    expect(terms('---\ncategories: meta, blogging meta\n---\n', 'jekyll')).toMatchObject({ category: 'meta', others: ['blogging'] })
  })
})

describe('Hexo categories and tags', () => {
  it('reads a string as one name', () => {
    expect(terms('---\ncategories: Diary and notes\ntags: one tag\n---\n', 'hexo')).toEqual({ category: 'Diary and notes', others: [], tags: ['one tag'] })
  })

  it('files a post under the top of its first category path and names the rest', () => {
    expect(terms('---\ncategories:\n  - Diary\n  - Life\n---\n', 'hexo')).toMatchObject({ category: 'Diary', others: ['Life'] })
    expect(terms('---\ncategories:\n  - [Sports, Baseball]\n  - [MLB, Boston Red Sox]\n  - Rivalries\n---\n', 'hexo')).toMatchObject({
      category: 'Sports',
      others: ['Baseball', 'MLB', 'Boston Red Sox', 'Rivalries'],
    })
  })

  it('takes `category` and `tag` when the plural keys are missing', () => {
    expect(terms('---\ncategory: Notes\ntag: [a, b]\n---\n', 'hexo')).toEqual({ category: 'Notes', others: [], tags: ['a', 'b'] })
  })
})

describe('Hugo categories and tags', () => {
  it('reads lists from YAML, TOML and JSON front matter', () => {
    const expected = { category: 'Go', others: ['Static sites'], tags: ['hugo', 'web dev'] }
    expect(terms('---\ncategories: [Go, Static sites]\ntags: [hugo, web dev]\n---\n', 'hugo')).toEqual(expected)
    expect(terms('+++\ncategories = ["Go", "Static sites"]\ntags = ["hugo", "web dev"]\n+++\n', 'hugo')).toEqual(expected)
    expect(terms('{\n  "categories": ["Go", "Static sites"],\n  "tags": ["hugo", "web dev"]\n}\n', 'hugo')).toEqual(expected)
  })

  it('reads a string as one term', () => {
    expect(terms('---\ncategories: Tips and tricks\n---\n', 'hugo')).toMatchObject({ category: 'Tips and tricks', others: [] })
  })
})

describe("Hugo's JSON front matter", () => {
  it('ends at the brace that closes the object, braces in strings aside, and leaves the body as written', () => {
    const file = '{\n  "title": "Braces {like} these }",\n  "params": { "a": 1 }\n}\n\n# Body {not front matter}\n'
    expect(readFrontMatter(file)).toEqual({ data: { title: 'Braces {like} these }', params: { a: 1 } }, content: '\n# Body {not front matter}\n' })
  })

  it('names what is broken, and leaves a file that starts with Liquid alone', () => {
    expect(() => readFrontMatter('{\n  "title": "never closed"\n')).toThrow(/^broken front matter: /)
    expect(() => readFrontMatter('{\n  "title": "x",\n}\n')).toThrow(/^broken front matter: /)
    expect(readFrontMatter('{% raw %}{{ x }}{% endraw %}\n')).toEqual({ data: {}, content: '{% raw %}{{ x }}{% endraw %}\n' })
  })
})

describe('the site readers read terms in their own dialect', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portability-terms-'))
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  const site = (files: Record<string, string>) => {
    const folder = fs.mkdtempSync(path.join(root, 'site-'))
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
      fs.writeFileSync(path.join(folder, file), text)
    }
    return folder
  }
  const categories = (read: SourceSite) =>
    read.items.map((item) => [(item.fields as ArticleFields).category, (item.fields as ArticleFields).otherCategories])

  it('Jekyll, Hexo and Hugo each read the same string their way', () => {
    const post = '---\ntitle: Post\ncategories: meta blogging\n---\nBody\n'
    expect(categories(readJekyllSite(site({ '_posts/2020-01-01-post.md': post })))).toEqual([['meta', ['blogging']]])
    expect(categories(readHexoSite(site({ 'source/_posts/post.md': post })))).toEqual([['meta blogging', []]])
    expect(categories(readHugoSite(site({ 'content/posts/post.md': post })))).toEqual([['meta blogging', []]])
  })

  it('Hugo reads a post with JSON front matter', () => {
    const read = readHugoSite(site({ 'content/posts/json.md': '{\n  "title": "From JSON",\n  "categories": ["a", "b"]\n}\nBody\n' }))
    expect(read.problems).toEqual([])
    expect(read.items.map((item) => [item.fields.title, item.content])).toEqual([['From JSON', 'Body\n']])
    expect(categories(read)).toEqual([['a', ['b']]])
  })
})
