import { LRUCache } from 'lru-cache'
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

import { xmlSafeText } from '../xmlText'

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
 * Rendered articles, keyed by page and content: rendering costs about a millisecond per KB of Markdown, a feed is
 * rebuilt in three formats after every change, and most of its articles did not change. A few MB of text.
 */
const rendered = new LRUCache<string, string, { content: string; pageUrl: string }>({
  maxSize: 4_000_000,
  maxEntrySize: 500_000,
  sizeCalculation: (html, key) => Math.max(1, key.length + html.length),
  memoMethod: (_key, _stale, { context }) => renderedHtml(context.content, context.pageUrl),
})

/**
 * The HTML a feed carries for an article's Markdown: rendered by markdown-it, sanitized by sanitize-html, with
 * relative links and image addresses made absolute against `pageUrl` (where the article is shown), and without
 * characters XML cannot carry.
 */
export const renderFeedHtml = (content: string, pageUrl: string): string => rendered.memo(`${pageUrl}\n${content}`, { context: { content, pageUrl } })
