import { LRUCache } from 'lru-cache'

import type { Article } from '../payload-types'
import { markdownExcerpt, truncateCodePoints } from './plainText'

/** Characters of Markdown kept as keys: a few MB, thousands of typical articles. */
const MEMO_CHARACTERS = 4_000_000

/**
 * Excerpts of content, keyed by the content itself and the length: lexing Markdown is most of what a list costs,
 * and the same articles are listed over and over. A changed article is a new key, so nothing is ever stale.
 */
const excerpts = new LRUCache<string, string, { content: string; max: number }>({
  maxSize: MEMO_CHARACTERS,
  sizeCalculation: (_excerpt, key) => Math.max(1, key.length),
  memoMethod: (_key, _stale, { context }) => markdownExcerpt(context.content, context.max),
})

/** `markdownExcerpt(content, max)`, remembered. */
export const contentExcerpt = (content: string, max: number): string => excerpts.memo(`${max}:${content}`, { context: { content, max } })

const EXCERPT_LENGTH = 100

/** An article's excerpt: the editor's, else the start of the content as plain text; at most 100 code points either way. */
export const articleExcerpt = (doc: Pick<Article, 'content' | 'excerpt'>): string => {
  const { excerpt } = doc
  return typeof excerpt === 'string' && excerpt !== '' ? truncateCodePoints(excerpt.trim(), EXCERPT_LENGTH) : contentExcerpt(doc.content ?? '', EXCERPT_LENGTH)
}
