import { type ArticleReading, articleReading, storedToc } from '../../lib/articleReading'
import { articleExcerpt } from '../../lib/contentExcerpts'
import { publicSlug } from '../../lib/publicSlug'
import type { AdminArticleRecord } from '../contracts/admin/articles'
import type { ArticleDetail, ArticleLikeState, ArticleListItem, LatestArticleItem } from '../contracts/articles'
import type { Article } from '../../payload-types'
import { isoDate, numberOr, optionalString, populated, relationId } from './common'

export type Byline = { id: number; name: string | null }


const categoryName = (doc: Pick<Article, 'category'>): string | null => optionalString(populated(doc.category)?.name)

const articlePublicSlug = (doc: Pick<Article, 'id' | 'slug'>): string => publicSlug(doc.slug ?? '', doc.id)

export type ArticleListFields = Pick<
  Article,
  'id' | 'title' | 'slug' | 'excerpt' | 'content' | 'coverImage' | 'category' | 'publishedAt' | 'viewCount' | 'createdAt'
>

export const articleListItem = (doc: ArticleListFields): ArticleListItem => ({
  id: doc.id,
  title: doc.title,
  excerpt: articleExcerpt(doc),
  date: isoDate(doc.publishedAt ?? doc.createdAt),
  category: categoryName(doc),
  cover: optionalString(doc.coverImage),
  comments: 0,
  views: numberOr(doc.viewCount),
  slug: articlePublicSlug(doc),
})

export type ArticleDetailFields = Pick<
  Article,
  | 'id'
  | 'title'
  | 'slug'
  | 'content'
  | 'excerpt'
  | 'coverImage'
  | 'category'
  | 'author'
  | 'status'
  | 'viewCount'
  | 'likeCount'
  | 'readingTimeMinutes'
  | 'toc'
  | 'createdAt'
  | 'updatedAt'
>

/**
 * The stored reading time and contents (setArticleReading writes them on every save); worked out from the content
 * for a record saved before they existed, or whose stored values are missing or malformed.
 */
export const readingOf = (doc: Pick<Article, 'content' | 'readingTimeMinutes' | 'toc'>): ArticleReading => {
  const toc = storedToc(doc.toc)
  const minutes = doc.readingTimeMinutes
  if (toc && typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1) return { readingTimeMinutes: minutes, toc }
  return articleReading(doc.content ?? '')
}

export const articleDetail = (doc: ArticleDetailFields, author: Byline | null): ArticleDetail => ({
  id: doc.id,
  title: doc.title,
  slug: articlePublicSlug(doc),
  content: doc.content ?? '',
  excerpt: articleExcerpt(doc),
  coverImage: optionalString(doc.coverImage),
  categoryId: relationId(doc.category),
  categoryName: categoryName(doc),
  authorId: author?.id ?? relationId(doc.author),
  authorName: author?.name ?? null,
  viewCount: numberOr(doc.viewCount),
  likeCount: numberOr(doc.likeCount),
  ...readingOf(doc),
  status: doc.status,
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})

/** An article in `/api/admin`: the detail plus what only editors set. */
export const adminArticleRecord = (doc: Article, author: Byline | null): AdminArticleRecord => ({
  ...articleDetail(doc, author),
  featured: Boolean(doc.featured),
  publishAt: optionalString(doc.publishAt),
  publishedAt: optionalString(doc.publishedAt),
})

export const latestArticleItem = (doc: Pick<Article, 'id' | 'title' | 'excerpt' | 'content' | 'coverImage' | 'createdAt'>): LatestArticleItem => ({
  id: doc.id,
  title: doc.title,
  excerpt: articleExcerpt(doc),
  coverImage: optionalString(doc.coverImage),
  createdAt: isoDate(doc.createdAt),
})

/** The answer to a like or an unlike: the article's like count now, and whether this visitor's like stands. */
export const articleLikeState = ({ likeCount, liked }: ArticleLikeState): ArticleLikeState => ({ likeCount, liked })
