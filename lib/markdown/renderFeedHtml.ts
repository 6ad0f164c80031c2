import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

import { escapeHtml, xmlSafeText } from '../xmlText'

/** CommonMark plus GFM tables and strikethrough; raw HTML in the Markdown is passed on and then sanitized. */
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false })

const ALIGN = { 'text-align': [/^(?:left|right|center)$/] }

/** A URL of the content made absolute against the page the article is shown on; undefined if it is no URL at all. */
const absolute = (url: string | undefined, base: string): string | undefined => {
  if (url === undefined) return undefined
  try {
    return new URL(url.trim(), base).href
  } catch {
    return undefined
  }
}

const withAbsolute =
  (attribute: 'href' | 'src', base: string): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const { [attribute]: url, ...rest } = attribs
    const resolved = absolute(url, base)
    return { tagName, attribs: resolved === undefined ? rest : { ...rest, [attribute]: resolved } }
  }

/**
 * What Markdown produces and nothing else: no scripts, styles, frames, forms or event handlers; links and images
 * only to http(s) (links also mailto:), so `javascript:` and `data:` URLs are dropped.
 */
const sanitizeOptions = (base: string): sanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedStyles: { th: ALIGN, td: ALIGN },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: withAbsolute('href', base), img: withAbsolute('src', base) },
})

const renderedHtml = (content: string, pageUrl: string): string =>
  sanitizeHtml(markdown.render(xmlSafeText(content)), sanitizeOptions(pageUrl)).trim()

/**
 * Markdown longer than this is not carried whole: rendering takes 1-3 ms per KB (more for dense links, emphasis or
 * lists), and an article of 490,000 characters held the event loop 1-4 s for the stranger whose request rebuilt a feed.
 */
export const FEED_FULL_CONTENT_CHARS = 64 * 1024

/**
 * Rendered articles, keyed by page and a digest of the content: a feed is rebuilt in three formats after every change,
 * and most of its articles did not change. Up to 16 MB of text.
 */
const rendered = new LRUCache<string, string, { content: string; pageUrl: string }>({
  maxSize: 16_000_000,
  sizeCalculation: (html, key) => Math.max(1, key.length + html.length),
  memoMethod: (_key, _stale, { context }) => renderedHtml(context.content, context.pageUrl),
})

const digestOf = (content: string) => createHash('sha256').update(content).digest('base64url')

/**
 * The HTML a feed carries for an article's Markdown: rendered by markdown-it, sanitized by sanitize-html, with
 * relative links and image addresses made absolute against `pageUrl` (where the article is shown), and without
 * characters XML cannot carry. Past FEED_FULL_CONTENT_CHARS, its summary and a link to the article instead.
 */
export const renderFeedHtml = (content: string, pageUrl: string, summary: string): string => {
  if (content.length > FEED_FULL_CONTENT_CHARS) {
    return `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(pageUrl)}">Read the whole article</a></p>`
  }
  return rendered.memo(`${pageUrl}\n${digestOf(content)}`, { context: { content, pageUrl } })
}
