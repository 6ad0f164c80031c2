import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import Parser from 'rss-parser'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

// An `&` in SITE_URL's path must come out escaped in XML and intact once parsed.
const SITE = 'https://example.com/blog&more'
const LIMIT = 6

let service: BootedService
let engineering: number
let life: number
let projectCategory: number
let editorToken = ''
/** Article ids by name; `order` is what the feeds must list, newest first. */
const ids: Record<string, number> = {}
let order: number[] = []

type ParsedItem = Record<string, unknown> & {
  title?: string
  link?: string
  guid?: string
  id?: string
  isoDate?: string
  pubDate?: string
  categories?: unknown[]
  enclosure?: { url: string; type: string; length?: string }
  links?: { $: { href: string; rel?: string; type?: string } }[]
  content?: string
  'content:encoded'?: string
}

const parser = new Parser<Record<string, unknown>, ParsedItem>({
  customFields: {
    item: [
      ['category', 'categories', { keepArray: true }],
      ['link', 'links', { keepArray: true }],
      ['updated', 'updated'],
      ['published', 'published'],
    ],
  },
})

const fetchFeed = (path: string) => fetch(`${service.url}${path}`)

/** A conditional GET. (fetch would add `Cache-Control: no-cache` to it, as the Fetch standard says, and get a 200.) */
const revalidate = (path: string, etag: string) => service.request().get(path).set('If-None-Match', etag).buffer(true)

const xmlFeed = async (path: string) => {
  const res = await fetchFeed(path)
  const text = await res.text()
  expect(res.status).toBe(200)
  expect(XMLValidator.validate(text)).toBe(true)
  return { res, text, feed: await parser.parseString(text) }
}

const jsonFeed = async (path: string) => {
  const res = await fetchFeed(path)
  expect(res.status).toBe(200)
  return { res, feed: (await res.json()) as JsonFeed }
}

type JsonFeedItem = Record<string, unknown> & {
  id: string
  url?: string
  title?: string
  content_html?: string
  content_text?: string
  date_published?: string
  date_modified?: string
  tags?: string[]
  image?: string
}
type JsonFeed = Record<string, unknown> & { version: string; title: string; items: JsonFeedItem[] }

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/

/** The JSON Feed 1.1 rules a reader relies on, checked field by field (https://jsonfeed.org/version/1.1). */
const expectValidJsonFeed = (feed: JsonFeed) => {
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
  expect(typeof feed.title).toBe('string')
  expect(Array.isArray(feed.items)).toBe(true)
  expect(feed).not.toHaveProperty('author')
  for (const key of ['home_page_url', 'feed_url', 'description', 'language']) expect(typeof feed[key]).toBe('string')
  for (const item of feed.items) {
    expect(typeof item.id).toBe('string')
    expect(typeof item.content_html === 'string' || typeof item.content_text === 'string').toBe(true)
    if (item.date_published !== undefined) expect(item.date_published).toMatch(RFC3339)
    if (item.date_modified !== undefined) expect(item.date_modified).toMatch(RFC3339)
    if (item.tags !== undefined) expect(item.tags.every((tag) => typeof tag === 'string')).toBe(true)
    expect(item).not.toHaveProperty('author')
  }
}

const decodeHtml = (html: string) =>
  html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')

/** What XML 1.0 can carry of a text: an independent statement of the rule the feeds must apply. */
const xmlChars = (text: string) =>
  Array.from(text)
    .filter((char) => {
      const code = char.codePointAt(0)!
      return (
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        code >= 0x10000
      )
    })
    .join('')

const stored = async (id: number) => service.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true })

const link = (slug: string, id: number) => `${SITE}/articles/${slug}-${id}`

const setPublishedAt = (id: number, iso: string) => service.payload.db.updateOne({ collection: 'articles', id, data: { publishedAt: iso } })

const TRICKY_TITLE = 'A <b> & ]]> then ]]> again 😀 中文标题 \u0001\u000b lone \uD800 end'
const TRICKY_BODY = [
  '# Heading with <, & and ]]>',
  '',
  'Text with ]]> twice ]]>, emoji 😀, 中文内容, a control \u0001 and \u000b, [a relative link](../about) and',
  '![a relative image](/media/photo.png) and <script>alert(1)</script> <a href="javascript:alert(2)" onclick="x()">bad</a>',
].join('\n')

beforeAll(async () => {
  service = await bootService({ SITE_URL: SITE, FEED_LIMIT: String(LIMIT) })
  const { payload } = service
  await createAccount(payload, 'editor', 'editor@example.com')
  editorToken = await loginToken(service, 'editor@example.com')
  engineering = await createCategory(payload, 'Engineering')
  life = await createCategory(payload, 'Life & <Living>')
  projectCategory = await createCategory(payload, 'Apps', 'project')

  // p1..p7 published a day apart (p1 oldest); p6 and p7 share their publication time, so the id decides.
  for (let n = 1; n <= 7; n++) {
    const doc = await createArticle(payload, {
      title: `Post ${n}`,
      category: n % 2 === 0 ? life : engineering,
      content: `Body of post ${n} with **bold** text.`,
      coverImage: n === 3 ? 'https://cdn.example.com/covers/three.JPG' : n === 4 ? '/covers/four.webp' : undefined,
      excerpt: n === 2 ? 'Excerpt of post 2' : undefined,
    })
    ids[`p${n}`] = doc.id
    await setPublishedAt(doc.id, new Date(Date.UTC(2026, 0, Math.min(n, 6), 8, 0, 0)).toISOString())
  }
  const tricky = await createArticle(payload, { title: TRICKY_TITLE, category: engineering, content: TRICKY_BODY, excerpt: 'Short ]]> & <i>' })
  ids.tricky = tricky.id
  await setPublishedAt(tricky.id, '2026-01-07T08:00:00.000Z')
  const draft = await createArticle(payload, { title: 'Secret draft', category: engineering, status: 'draft' })
  ids.draft = draft.id
  // Newest first: tricky (Jan 7), then p7 and p6 (same time: higher id first), p5, p4, p3; p2 and p1 are past the limit.
  order = [ids.tricky!, ids.p7!, ids.p6!, ids.p5!, ids.p4!, ids.p3!]
})

afterAll(async () => {
  await service?.stop()
})

describe('GET /api/feeds/rss.xml', () => {
  it('is RSS 2.0 of the newest published articles, in order, with links, guids, dates, categories and enclosures', async () => {
    const { res, feed } = await xmlFeed('/api/feeds/rss.xml')
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, no-cache')
    expect(res.headers.get('etag')).toMatch(/^W\/"/)
    expect(feed.title).toBe('Blog')
    expect(feed.description).toBe('The newest articles.')
    expect(feed.language).toBe('en')
    expect(feed.link).toBe(`${SITE}/`)
    expect(feed.feedUrl).toBe(`${service.url}/api/feeds/rss.xml`)

    expect(feed.items).toHaveLength(LIMIT)
    const docs = await Promise.all(order.map(stored))
    feed.items.forEach((item, index) => {
      const doc = docs[index]!
      expect(item.link).toBe(link(doc.slug!, doc.id))
      expect(item.guid).toBe(link(doc.slug!, doc.id))
      expect(item.isoDate).toBe(new Date(`${doc.publishedAt!.slice(0, 19)}Z`).toISOString())
    })
    expect(feed.items.map((item) => item.title)).not.toContain('Secret draft')
    expect(feed.items[1]!.categories).toEqual(['Engineering'])
    expect(feed.items[2]!.categories).toEqual(['Life & <Living>'])
    const p3 = feed.items[5]!
    expect(p3.enclosure).toEqual({ url: 'https://cdn.example.com/covers/three.JPG', type: 'image/jpeg', length: '0' })
    const p4 = feed.items[4]!
    expect(p4.enclosure).toEqual({ url: 'https://example.com/covers/four.webp', type: 'image/webp', length: '0' })
    expect(feed.items[1]!.enclosure).toBeUndefined()
    expect(feed.items[1]!['content:encoded']).toBe('<p>Body of post 7 with <strong>bold</strong> text.</p>')
  })

  it('carries titles and bodies with <, &, ]]>, emoji, Chinese and control characters, sanitized', async () => {
    const { text, feed } = await xmlFeed('/api/feeds/rss.xml')
    const doc = await stored(ids.tricky!)
    const item = feed.items[0]!
    expect(item.title).toBe(xmlChars(doc.title))
    expect(item.title).toContain('A <b> & ]]> then ]]> again 😀 中文标题')
    expect(text).not.toMatch(/[\u0001\u000b]/)
    const html = item['content:encoded']!
    expect(html).toContain('<h1>Heading with &lt;, &amp; and ]]&gt;</h1>')
    expect(html).toContain('Text with ]]&gt; twice ]]&gt;, emoji 😀, 中文内容, a control  and ')
    expect(html).toContain(`<a href="https://example.com/blog&amp;more/about">a relative link</a>`)
    expect(html).toContain('<img alt="a relative image" src="https://example.com/media/photo.png" />')
    expect(html).not.toMatch(/script|javascript:|onclick/)
    expect(item.content).toBe('Short ]]&gt; &amp; &lt;i&gt;')
  })
})

describe('GET /api/feeds/atom.xml', () => {
  it('is Atom 1.0 with the same entries, ids, links, dates, categories and enclosures', async () => {
    const { res, text, feed } = await xmlFeed('/api/feeds/atom.xml')
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    expect(feed.title).toBe('Blog')
    expect(feed.items).toHaveLength(LIMIT)
    const docs = await Promise.all(order.map(stored))
    feed.items.forEach((item, index) => {
      const doc = docs[index]!
      expect(item.id).toBe(link(doc.slug!, doc.id))
      expect(item.link).toBe(link(doc.slug!, doc.id))
      expect(item.published).toBe(new Date(doc.publishedAt!).toISOString())
      expect(item.updated).toBe(new Date(doc.updatedAt).toISOString())
    })
    expect(decodeHtml(feed.items[0]!.title!)).toBe(xmlChars(docs[0]!.title))
    const category = (feed.items[2]!.categories as { $: Record<string, string> }[])[0]!.$
    expect(category).toEqual({ term: 'Life & <Living>', label: 'Life & <Living>' })
    const enclosure = feed.items[5]!.links!.find((entry) => entry.$.rel === 'enclosure')!.$
    expect(enclosure.href).toBe('https://cdn.example.com/covers/three.JPG')
    expect(feed.items[1]!.links!.some((entry) => entry.$.rel === 'enclosure')).toBe(false)
  })
})

describe('GET /api/feeds/feed.json', () => {
  it('is a valid JSON Feed 1.1 with the same items', async () => {
    const { res, feed } = await jsonFeed('/api/feeds/feed.json')
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    expectValidJsonFeed(feed)
    expect(feed).toMatchObject({
      title: 'Blog',
      language: 'en',
      home_page_url: `${SITE}/`,
      feed_url: `${service.url}/api/feeds/feed.json`,
      authors: [{ name: 'Blog' }],
    })
    const docs = await Promise.all(order.map(stored))
    expect(feed.items.map((item) => item.id)).toEqual(docs.map((doc) => link(doc.slug!, doc.id)))
    expect(feed.items.map((item) => item.url)).toEqual(docs.map((doc) => link(doc.slug!, doc.id)))
    expect(feed.items.map((item) => item.date_published)).toEqual(docs.map((doc) => new Date(doc.publishedAt!).toISOString()))
    expect(feed.items[0]!.title).toBe(xmlChars(docs[0]!.title))
    expect(feed.items[2]!.tags).toEqual(['Life & <Living>'])
    expect(feed.items[5]!.image).toBe('https://cdn.example.com/covers/three.JPG')
    expect(feed.items[4]!.summary).toBe('Body of post 4 with bold text.')
  })
})

describe('?category=', () => {
  it('narrows every format to one article category', async () => {
    const rss = await xmlFeed(`/api/feeds/rss.xml?category=${life}`)
    expect(rss.feed.title).toBe('Blog: Life & <Living>')
    expect(rss.feed.items.map((item) => item.link)).toEqual(
      await Promise.all([ids.p6!, ids.p4!, ids.p2!].map(async (id) => link((await stored(id)).slug!, id))),
    )
    const atom = await xmlFeed(`/api/feeds/atom.xml?category=${life}`)
    expect(atom.feed.items).toHaveLength(3)
    const json = await jsonFeed(`/api/feeds/feed.json?category=${engineering}`)
    expect(json.feed.items.map((item) => item.url)).toEqual(
      await Promise.all([ids.tricky!, ids.p7!, ids.p5!, ids.p3!, ids.p1!].map(async (id) => link((await stored(id)).slug!, id))),
    )
    expect(json.feed.items.map((item) => item.tags)).toEqual(Array(5).fill(['Engineering']))
  })

  it.each([
    ['an unknown id', '999999', 404, 'NOT_FOUND'],
    ['a project category', () => String(projectCategory), 404, 'NOT_FOUND'],
    ['a word', 'abc', 400, 'VALIDATION_ERROR'],
    ['a fraction', '1.5', 400, 'VALIDATION_ERROR'],
    ['a negative number', '-1', 400, 'VALIDATION_ERROR'],
  ])('answers %s in the JSON envelope', async (_name, value, status, code) => {
    for (const path of ['rss.xml', 'atom.xml', 'feed.json']) {
      const res = await service.request().get(`/api/feeds/${path}?category=${typeof value === 'function' ? value() : value}`)
      expect(res.status).toBe(status)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code }) })
    }
  })
})

describe('caching and changes', () => {
  it('answers If-None-Match with an empty 304', async () => {
    for (const path of ['rss.xml', 'atom.xml', 'feed.json']) {
      const first = await fetchFeed(`/api/feeds/${path}`)
      const etag = first.headers.get('etag')!
      await first.text()
      const again = await revalidate(`/api/feeds/${path}`, etag)
      expect(again.status).toBe(304)
      expect(again.text ?? '').toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe('public, no-cache')
    }
  })

  it('shows a publication, an edit, a category rename and a new feed title in the next answer', async () => {
    const before = await fetchFeed('/api/feeds/rss.xml')
    const etag = before.headers.get('etag')!
    await before.text()

    await service.payload.update({ collection: 'articles', id: ids.draft!, data: { status: 'published' }, overrideAccess: true })
    let { feed } = await xmlFeed('/api/feeds/rss.xml')
    expect(feed.items[0]!.title).toBe('Secret draft')
    expect(feed.items).toHaveLength(LIMIT)
    const published = await revalidate('/api/feeds/rss.xml', etag)
    expect(published.status).toBe(200)
    expect(published.headers.etag).not.toBe(etag)

    await service.payload.update({ collection: 'articles', id: ids.draft!, data: { title: 'No longer secret' }, overrideAccess: true })
    ;({ feed } = await xmlFeed('/api/feeds/rss.xml'))
    expect(feed.items[0]!.title).toBe('No longer secret')

    await service.payload.update({ collection: 'categories', id: engineering, data: { name: 'Software' }, overrideAccess: true })
    ;({ feed } = await xmlFeed('/api/feeds/rss.xml'))
    expect(feed.items[0]!.categories).toEqual(['Software'])

    await service.payload.updateGlobal({ slug: 'site', data: { feed: { title: 'Notes', description: 'Words.', language: 'zh-CN' } } })
    ;({ feed } = await xmlFeed('/api/feeds/rss.xml'))
    expect(feed).toMatchObject({ title: 'Notes', description: 'Words.', language: 'zh-CN' })
    const json = await jsonFeed('/api/feeds/feed.json')
    expect(json.feed).toMatchObject({ title: 'Notes', language: 'zh-CN' })

    await service.payload.update({ collection: 'articles', id: ids.draft!, data: { status: 'draft' }, overrideAccess: true })
    ;({ feed } = await xmlFeed('/api/feeds/rss.xml'))
    expect(feed.items.map((item) => item.title)).not.toContain('No longer secret')
  })
})

describe('guids', () => {
  it('keep the link of the first publication when the slug changes; legacy records use the current link', async () => {
    const id = ids.p7!
    const firstLink = link((await stored(id)).slug!, id)
    await service.payload.update({ collection: 'articles', id, data: { slug: 'renamed-post' }, overrideAccess: true })
    const { feed } = await xmlFeed('/api/feeds/rss.xml')
    const item = feed.items.find((entry) => entry.link === link('renamed-post', id))!
    expect(item.guid).toBe(firstLink)
    const json = await jsonFeed('/api/feeds/feed.json')
    expect(json.feed.items.find((entry) => entry.url === link('renamed-post', id))!.id).toBe(firstLink)

    // A record published before feedSlug existed has none: the feed uses its current link, and its next save keeps that.
    await service.payload.db.updateOne({ collection: 'articles', id: ids.p5!, data: { feedSlug: null } })
    const current = link((await stored(ids.p5!)).slug!, ids.p5!)
    const legacy = await xmlFeed('/api/feeds/rss.xml')
    expect(legacy.feed.items.find((entry) => entry.link === current)!.guid).toBe(current)
    await service.payload.update({ collection: 'articles', id: ids.p5!, data: { slug: 'p5-renamed' }, overrideAccess: true })
    expect((await stored(ids.p5!)).feedSlug).toBe(current.split('/').pop()!.replace(/-\d+$/, ''))
  })

  it('is stamped at the first publication only, and editors cannot set it', async () => {
    const draft = await createArticle(service.payload, { title: 'Later', category: engineering, status: 'draft' })
    expect((await stored(draft.id)).feedSlug ?? null).toBeNull()
    await service.payload.update({ collection: 'articles', id: draft.id, data: { slug: 'later-renamed' }, overrideAccess: true })
    await service.payload.update({ collection: 'articles', id: draft.id, data: { status: 'published' }, overrideAccess: true })
    expect((await stored(draft.id)).feedSlug).toBe('later-renamed')

    const res = await service
      .request()
      .patch(`/cms-api/articles/${draft.id}`)
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ feedSlug: 'hijacked', slug: 'later-again' })
    expect(res.status).toBe(200)
    expect(await stored(draft.id)).toMatchObject({ slug: 'later-again', feedSlug: 'later-renamed' })
  })
})
