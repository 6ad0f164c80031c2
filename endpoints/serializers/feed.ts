import { setImmediate as nextTurn } from 'node:timers/promises'

import { Feed, type Item } from 'feed'

import { contentExcerpt } from '../../lib/contentExcerpts'
import { renderFeedHtml } from '../../lib/markdown/renderFeedHtml'
import { publicSlug } from '../../lib/publicSlug'
import { escapeHtml, xmlSafeText } from '../../lib/xmlText'
import type { Article } from '../../payload-types'
import { optionalString, populated } from './common'

import type { FeedFormat } from '../contracts/feeds'

export type { FeedFormat }

export type FeedArticle = Pick<
  Article,
  'id' | 'title' | 'slug' | 'feedSlug' | 'content' | 'excerpt' | 'coverImage' | 'category' | 'publishedAt' | 'createdAt' | 'updatedAt'
>

/** What a feed says about itself; `siteUrl` is where the site shows articles, `selfUrls` where each format is served. */
export type FeedChannel = {
  title: string
  description: string
  language: string
  siteUrl: string
  selfUrls: Record<FeedFormat, string>
  /** When nothing in the feed has changed since: the newest item's change, else this. */
  updated: Date
}

const SUMMARY_LENGTH = 300

const IMAGE_TYPES: Record<string, string> = {
  avif: 'image/avif',
  bmp: 'image/bmp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
}

const extensionOf = (url: string): string => /\.([A-Za-z0-9]+)$/.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? ''

/** The media type of an image, guessed from its file extension (`application/octet-stream` when unknown). */
export const imageType = (url: string): string => IMAGE_TYPES[extensionOf(url)] ?? 'application/octet-stream'

/*
 * `feed` 6.0.0 (through xml-js) writes text without escaping some of it: `<` inside attributes (Atom's category
 * label and term), `&amp;` in text turned back into `&` before escaping, and only the first `]]>` of a CDATA
 * section split. So every string a reader wrote reaches it with these characters replaced by placeholders, and the
 * finished XML gets the right escape in their place. The placeholders are control characters XML 1.0 forbids:
 * `xmlSafeText` has removed them from every string, so each one in the output is one of ours.
 */
const AMP = '\u0001'
const LT = '\u0002'
const CDATA_SPLIT = '\u0003'
const PLACEHOLDERS: Record<string, string> = { [AMP]: '&amp;', [LT]: '&lt;', [CDATA_SPLIT]: ']]><![CDATA[' }

/** A string for an XML text node or attribute. */
const xmlText = (text: string): string => xmlSafeText(text).replaceAll('&', AMP).replaceAll('<', LT)
/** A string for a CDATA section: each `]]>` becomes `]]` `]]><![CDATA[` `>`, which a parser reads back as `]]>`. */
const cdata = (text: string): string => xmlSafeText(text).replaceAll(']]>', `]]${CDATA_SPLIT}>`)
const fillPlaceholders = (xml: string): string => xml.replace(/[\u0001-\u0003]/g, (char) => PLACEHOLDERS[char]!)

const articleUrl = (siteUrl: string, slug: string | null | undefined, id: number): string =>
  `${siteUrl}/articles/${slug ? publicSlug(slug, id) : id}`

const absoluteUrl = (url: string, base: string): string | null => {
  try {
    return new URL(url, base).href
  } catch {
    return null
  }
}

type ItemParts = {
  title: string
  link: string
  guid: string
  summary: string
  html: string
  category: string | null
  cover: string | null
  published: Date
  updated: Date
}

/** An article as every format shows it, in plain text and HTML, before each format's escaping. */
const itemParts = (doc: FeedArticle, siteUrl: string): ItemParts => {
  const link = articleUrl(siteUrl, doc.slug, doc.id)
  const cover = optionalString(doc.coverImage)
  const summary = xmlSafeText(optionalString(doc.excerpt)?.trim() ?? contentExcerpt(doc.content ?? '', SUMMARY_LENGTH))
  return {
    title: xmlSafeText(doc.title),
    link,
    guid: articleUrl(siteUrl, doc.feedSlug || doc.slug, doc.id),
    summary,
    html: renderFeedHtml(doc.content ?? '', link, summary),
    category: optionalString(populated(doc.category)?.name),
    cover: cover === null ? null : absoluteUrl(cover, link),
    published: new Date(doc.publishedAt ?? doc.createdAt),
    updated: new Date(doc.updatedAt),
  }
}

const newestChange = (items: ItemParts[], fallback: Date): Date =>
  items.length === 0 ? fallback : new Date(Math.max(...items.map((item) => item.updated.getTime())))

const rssItem = (item: ItemParts): Item => ({
  title: cdata(item.title),
  link: item.link,
  guid: xmlText(item.guid),
  date: item.updated,
  published: item.published,
  description: cdata(escapeHtml(item.summary)),
  content: cdata(item.html),
  ...(item.category === null ? {} : { category: [{ name: xmlText(item.category) }] }),
  ...(item.cover === null ? {} : { enclosure: { url: item.cover, type: imageType(item.cover), length: 0 } }),
})

const atomItem = (item: ItemParts): Item => ({
  title: cdata(escapeHtml(item.title)),
  id: item.guid,
  link: item.link,
  date: item.updated,
  published: item.published,
  description: cdata(escapeHtml(item.summary)),
  content: cdata(item.html),
  ...(item.category === null ? {} : { category: [{ term: xmlText(item.category), name: xmlText(item.category) }] }),
  // `feed` writes the link's type as `image/<extension>` itself: only for images with a known extension.
  ...(item.cover !== null && extensionOf(item.cover) in IMAGE_TYPES ? { image: item.cover } : {}),
})

const jsonItem = (item: ItemParts): Item => ({
  title: item.title,
  id: item.guid,
  link: item.link,
  date: item.updated,
  published: item.published,
  description: item.summary,
  content: item.html,
  ...(item.category === null ? {} : { category: [{ name: item.category }] }),
  ...(item.cover === null ? {} : { image: item.cover }),
})

type JsonFeedDocument = Record<string, unknown> & { items: (Record<string, unknown> & { author?: unknown })[] }

/** `feed` writes JSON Feed 1 (`author`); version 1.1 has `authors` lists and the feed's `language`. */
const asJsonFeed11 = (json: string, language: string): string => {
  const { version: _version, author, items, ...rest } = JSON.parse(json) as JsonFeedDocument
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    ...rest,
    language,
    ...(author ? { authors: [author] } : {}),
    items: items.map(({ author: itemAuthor, ...item }) => ({ ...item, ...(itemAuthor ? { authors: [itemAuthor] } : {}) })),
  })
}

/**
 * One feed document (RSS 2.0, Atom 1.0 or JSON Feed 1.1) of `articles`, in the order given. Each article's HTML is
 * rendered in a turn of the event loop of its own: after a restart none is in the cache.
 */
export const renderFeed = async (format: FeedFormat, channel: FeedChannel, articles: FeedArticle[]): Promise<string> => {
  const items: ItemParts[] = []
  for (const doc of articles) {
    items.push(itemParts(doc, channel.siteUrl))
    await nextTurn()
  }
  const xml = format !== 'json'
  const text = (value: string) => (xml ? xmlText(value) : xmlSafeText(value))
  const feed = new Feed({
    id: text(channel.selfUrls[format]),
    title: text(channel.title),
    description: text(channel.description),
    language: text(channel.language),
    link: `${channel.siteUrl}/`,
    updated: newestChange(items, channel.updated),
    generator: false,
    feedLinks: channel.selfUrls,
    // Atom needs an author for the feed when its entries name none.
    author: { name: text(channel.title) },
  })
  const toItem = format === 'rss' ? rssItem : format === 'atom' ? atomItem : jsonItem
  for (const item of items) feed.addItem(toItem(item))
  if (format === 'rss') return fillPlaceholders(feed.rss2())
  if (format === 'atom') return fillPlaceholders(feed.atom1())
  return asJsonFeed11(feed.json1(), channel.language)
}
