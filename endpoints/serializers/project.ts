import { type Doc, isoDate, numberOr, optionalString, stringList } from './common'

export const featuredProjectItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: String(doc.description ?? ''),
  coverImage: optionalString(doc.coverImage),
  techStack: stringList(doc.techStack),
})

export const relatedProjectItem = (doc: Doc) => ({
  ...featuredProjectItem(doc),
  likeCount: numberOr(doc.likeCount),
  viewCount: numberOr(doc.viewCount),
})

export const projectListItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: String(doc.description ?? ''),
  coverImage: optionalString(doc.coverImage),
  demoUrl: optionalString(doc.demoUrl),
  repoUrl: optionalString(doc.repoUrl),
  techStack: stringList(doc.techStack),
  likeCount: numberOr(doc.likeCount),
  viewCount: numberOr(doc.viewCount),
  status: doc.status as 'draft' | 'published',
  createdAt: isoDate(doc.createdAt),
})

export const projectDetail = (doc: Doc) => ({
  ...projectListItem(doc),
  content: String(doc.content ?? ''),
  screenshots: stringList(doc.screenshots),
  updatedAt: isoDate(doc.updatedAt),
})
