import type { SearchHit } from '../../lib/db/searchIndex'
import { publicSlug } from '../../lib/publicSlug'
import { highlightSnippet } from '../../lib/search/snippet'
import type { QueryTerm } from '../../lib/search/searchText'
import type { Article, Project } from '../../payload-types'
import { articleExcerpt } from './article'

export type FoundArticle = Pick<Article, 'id' | 'title' | 'slug' | 'excerpt' | 'content'>
export type FoundProject = Pick<Project, 'id' | 'title' | 'description'>

export const articleSearchResult = (doc: FoundArticle, hit: SearchHit, terms: QueryTerm[]) => ({
  type: 'article' as const,
  id: doc.id,
  title: doc.title,
  slug: publicSlug(doc.slug ?? '', doc.id),
  excerpt: articleExcerpt(doc),
  snippet: highlightSnippet(hit.plain, terms),
  score: hit.score,
})

export const projectSearchResult = (doc: FoundProject, hit: SearchHit, terms: QueryTerm[]) => ({
  type: 'project' as const,
  id: doc.id,
  title: doc.title,
  slug: null,
  excerpt: doc.description,
  snippet: highlightSnippet(hit.plain, terms),
  score: hit.score,
})
