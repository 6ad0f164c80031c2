import { describe, expect, it } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import Parser from 'rss-parser'

import { type FeedArticle, type FeedChannel, imageType, renderFeed } from '../../endpoints/serializers/feed'
import { FEED_FULL_CONTENT_CHARS } from '../../lib/markdown/renderFeedHtml'

// Text that `feed` 6.0.0 / xml-js would mangle on its own: a literal `&amp;`, `<` in an attribute, two `]]>`.
const HOSTILE = 'R&amp;D <x> & ]]> and ]]> "q" \'a\''

const channel: FeedChannel = {
  title: HOSTILE,
  description: HOSTILE,
  language: 'en',
  siteUrl: 'https://example.com/a&b',
  selfUrls: {
    rss: 'https://api.example.com/api/feeds/rss.xml?category=1',
    atom: 'https://api.example.com/api/feeds/atom.xml?category=1',
    json: 'https://api.example.com/api/feeds/feed.json?category=1',
  },
  updated: new Date('2026-01-01T00:00:00.000Z'),
}

const article: FeedArticle = {
  id: 5,
  title: HOSTILE,
  slug: 'now',
  feedSlug: 'then',
  content: 'Text',
  excerpt: HOSTILE,
  coverImage: '/covers/a.svg',
  category: { id: 1, name: HOSTILE, type: 'article', createdAt: '', updatedAt: '' },
  publishedAt: '2026-01-02T03:04:05.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-03T00:00:00.000Z',
}

const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
  customFields: { item: [['category', 'categories', { keepArray: true }]] },
})

const decodeHtml = (html: string) =>
  html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')

describe('renderFeed', () => {
  it('RSS: every text comes back exactly as written', async () => {
    const xml = await renderFeed('rss', channel, [article])
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = await parser.parseString(xml)
    expect(feed).toMatchObject({ title: HOSTILE, description: HOSTILE, link: 'https://example.com/a&b/' })
    const [item] = feed.items
    expect(item).toMatchObject({
      title: HOSTILE,
      link: 'https://example.com/a&b/articles/now-5',
      guid: 'https://example.com/a&b/articles/then-5',
      enclosure: { url: 'https://example.com/covers/a.svg', type: 'image/svg+xml', length: '0' },
      categories: [HOSTILE],
    })
    expect(decodeHtml(item!.content as string)).toBe(HOSTILE)
  })

  it('Atom: text, HTML titles and category attributes come back exactly as written', async () => {
    const xml = await renderFeed('atom', channel, [article])
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = await parser.parseString(xml)
    expect(feed.title).toBe(HOSTILE)
    const [item] = feed.items
    expect(decodeHtml(item!.title as string)).toBe(HOSTILE)
    expect(item!.id).toBe('https://example.com/a&b/articles/then-5')
    expect((item!.categories as unknown as { $: Record<string, string> }[])[0]!.$).toEqual({ term: HOSTILE, label: HOSTILE })
  })

  it('JSON Feed 1.1: plain strings, authors and language', async () => {
    const json = JSON.parse(await renderFeed('json', channel, [article]))
    expect(json).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', title: HOSTILE, language: 'en', authors: [{ name: HOSTILE }] })
    expect(json.items[0]).toMatchObject({
      id: 'https://example.com/a&b/articles/then-5',
      url: 'https://example.com/a&b/articles/now-5',
      title: HOSTILE,
      summary: HOSTILE,
      tags: [HOSTILE],
      date_published: '2026-01-02T03:04:05.000Z',
      date_modified: '2026-01-03T00:00:00.000Z',
    })
  })

  it(`carries an article's whole HTML up to ${FEED_FULL_CONTENT_CHARS} characters of Markdown, past them its summary and link`, async () => {
    const paragraph = (length: number) => 'word '.repeat(length / 5).trim().padEnd(length, 'x')
    const long = { ...article, id: 6, excerpt: 'The gist & more', content: paragraph(FEED_FULL_CONTENT_CHARS + 1) }
    const whole = { ...article, id: 7, content: paragraph(FEED_FULL_CONTENT_CHARS) }
    const json = JSON.parse(await renderFeed('json', { ...channel, siteUrl: 'https://example.com' }, [long, whole])) as { items: { content_html: string }[] }
    expect(json.items[0]!.content_html).toBe('<p>The gist &amp; more</p><p><a href="https://example.com/articles/now-6">Read the whole article</a></p>')
    expect(json.items[1]!.content_html).toBe(`<p>${paragraph(FEED_FULL_CONTENT_CHARS)}</p>`)
  })

  it('an empty feed is dated by the channel', async () => {
    const feed = await parser.parseString(await renderFeed('atom', channel, []))
    expect(feed.lastBuildDate).toBe('2026-01-01T00:00:00.000Z')
    expect(feed.items).toEqual([])
  })
})

describe('imageType', () => {
  it.each([
    ['https://cdn.example.com/a.JPG', 'image/jpeg'],
    ['https://cdn.example.com/a.jpeg?w=1', 'image/jpeg'],
    ['https://cdn.example.com/a.webp', 'image/webp'],
    ['https://cdn.example.com/a.svg', 'image/svg+xml'],
    ['https://cdn.example.com/photo', 'application/octet-stream'],
    ['https://cdn.example.com/a.txt', 'application/octet-stream'],
  ])('%s is %s', (url, type) => expect(imageType(url)).toBe(type))
})
