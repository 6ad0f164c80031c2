import type { SearchEntry } from '../db/searchIndex'
import { articleExcerpt } from '../contentExcerpts'
import { markdownToPlainText } from '../plainText'
import type { Article, Project } from '../../payload-types'
import { indexedText } from './searchText'

/** What an entry is made of, as a Payload `select`. */
export const ARTICLE_SEARCH_FIELDS = { title: true, excerpt: true, content: true, status: true } as const
export const PROJECT_SEARCH_FIELDS = { title: true, description: true, techStack: true, content: true, status: true } as const

export type IndexedArticle = Pick<Article, 'id' | keyof typeof ARTICLE_SEARCH_FIELDS>
export type IndexedProject = Pick<Project, 'id' | keyof typeof PROJECT_SEARCH_FIELDS>

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n')

/** An article's entry: the title, and the excerpt with the content's plain text as its body. */
export const articleSearchEntry = (doc: IndexedArticle): SearchEntry => {
  const plain = joined(doc.excerpt, markdownToPlainText(doc.content ?? ''))
  return { kind: 'article', id: doc.id, title: indexedText(doc.title), body: indexedText(plain), plain, excerpt: articleExcerpt(doc) }
}

/** A project's entry: the title, and the description, technologies and content as its body. */
export const projectSearchEntry = (doc: IndexedProject): SearchEntry => {
  const plain = joined(doc.description, (doc.techStack ?? []).join(', '), markdownToPlainText(doc.content ?? ''))
  return { kind: 'project', id: doc.id, title: indexedText(doc.title), body: indexedText(plain), plain, excerpt: doc.description }
}
