import { LRUCache } from 'lru-cache'

import { markdownExcerpt, truncateCodePoints } from '../../lib/plainText'
import { publicSlug } from '../../lib/publicSlug'
import { type Doc, isoDate, numberOr, optionalString, relationId } from './common'

const EXCERPT_LENGTH = 100
/** Characters of Markdown kept as keys: a few MB, thousands of typical articles. */
const EXCERPT_MEMO_CHARACTERS = 4_000_000

/**
 * Excerpts of content, keyed by the content itself: lexing Markdown is most of what a list costs, and the same
 * articles are listed over and over. A changed article is a new key, so nothing is ever stale.
 */
const contentExcerpts = new LRUCache<string, string>({
  maxSize: EXCERPT_MEMO_CHARACTERS,
  sizeCalculation: (_excerpt, content) => Math.max(1, content.length),
})

const contentExcerpt = (content: string): string => {
  let excerpt = contentExcerpts.get(content)
  if (excerpt === undefined) {
    excerpt = markdownExcerpt(content, EXCERPT_LENGTH)
    contentExcerpts.set(content, excerpt)
  }
  return excerpt
}

/** The editor's excerpt, else the start of the content as plain text; at most 100 code points either way. */
export const articleExcerpt = (doc: Doc): string => {
  const excerpt = optionalString(doc.excerpt)
  return excerpt === null ? contentExcerpt(String(doc.content ?? '')) : truncateCodePoints(excerpt.trim(), EXCERPT_LENGTH)
}

const categoryName = (doc: Doc): string | null => {
  const category = doc.category
  return category && typeof category === 'object' ? optionalString((category as { name?: unknown }).name) : null
}

export const articleListItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  excerpt: articleExcerpt(doc),
  date: isoDate(doc.publishedAt ?? doc.createdAt),
  category: categoryName(doc),
  cover: optionalString(doc.coverImage),
  comments: 0,
  views: numberOr(doc.viewCount),
  slug: publicSlug(String(doc.slug), Number(doc.id)),
})

export const articleDetail = (doc: Doc, author: { id: number; name: string | null } | null) => ({
  id: Number(doc.id),
  title: String(doc.title),
  slug: publicSlug(String(doc.slug), Number(doc.id)),
  content: String(doc.content ?? ''),
  excerpt: articleExcerpt(doc),
  coverImage: optionalString(doc.coverImage),
  categoryId: relationId(doc.category),
  categoryName: categoryName(doc),
  authorId: author?.id ?? relationId(doc.author),
  authorName: author?.name ?? null,
  viewCount: numberOr(doc.viewCount),
  likeCount: numberOr(doc.likeCount),
  status: doc.status as 'draft' | 'published',
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})

export const latestArticleItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  excerpt: articleExcerpt(doc),
  coverImage: optionalString(doc.coverImage),
  createdAt: isoDate(doc.createdAt),
})
