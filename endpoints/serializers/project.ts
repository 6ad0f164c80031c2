import type { Project } from '../../payload-types'
import type { AdminProjectRecord } from '../contracts/admin/projects'
import type { FeaturedProjectItem, ProjectDetail, ProjectListItem, RelatedProjectItem } from '../contracts/projects'
import { isoDate, numberOr, optionalString, relationId } from './common'

type Counters = Pick<Project, 'likeCount' | 'viewCount'>

export const featuredProjectItem = (doc: Pick<Project, 'id' | 'title' | 'description' | 'coverImage' | 'techStack'>): FeaturedProjectItem => ({
  id: doc.id,
  title: doc.title,
  description: doc.description ?? '',
  coverImage: optionalString(doc.coverImage),
  techStack: doc.techStack ?? [],
})

/** A related project: what ranking read, with its counters read fresh. */
export const relatedProjectItem = (doc: Parameters<typeof featuredProjectItem>[0], counters: Counters): RelatedProjectItem => ({
  ...featuredProjectItem(doc),
  likeCount: numberOr(counters.likeCount),
  viewCount: numberOr(counters.viewCount),
})

export type ProjectListFields = Pick<
  Project,
  'id' | 'title' | 'description' | 'coverImage' | 'demoUrl' | 'repoUrl' | 'techStack' | 'likeCount' | 'viewCount' | 'status' | 'createdAt'
>

export const projectListItem = (doc: ProjectListFields): ProjectListItem => ({
  id: doc.id,
  title: doc.title,
  description: doc.description ?? '',
  coverImage: optionalString(doc.coverImage),
  demoUrl: optionalString(doc.demoUrl),
  repoUrl: optionalString(doc.repoUrl),
  techStack: doc.techStack ?? [],
  likeCount: numberOr(doc.likeCount),
  viewCount: numberOr(doc.viewCount),
  status: doc.status,
  createdAt: isoDate(doc.createdAt),
})

export type ProjectDetailFields = ProjectListFields & Pick<Project, 'content' | 'screenshots' | 'updatedAt'>

export const projectDetail = (doc: ProjectDetailFields): ProjectDetail => ({
  ...projectListItem(doc),
  content: doc.content ?? '',
  screenshots: doc.screenshots ?? [],
  updatedAt: isoDate(doc.updatedAt),
})

/** A project in `/api/admin`: the detail plus what only editors set. */
export const adminProjectRecord = (doc: Project): AdminProjectRecord => ({
  ...projectDetail(doc),
  featured: Boolean(doc.featured),
  categoryId: relationId(doc.category),
  order: numberOr(doc.order),
  publishAt: optionalString(doc.publishAt),
  publishedAt: optionalString(doc.publishedAt),
})
