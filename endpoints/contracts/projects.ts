import { z } from 'zod'

import { integerText } from '../http/params'
import { paginationQuery } from '../http/pagination'
import { count, dataEnvelope, isoDateTime, nullableText, recordId } from './envelope'
import { defineRoute, errors } from './route'

const projectStatus = z.enum(['draft', 'published'])

export const featuredProjectItemSchema = z
  .strictObject({ id: recordId, title: z.string(), description: z.string(), coverImage: nullableText, techStack: z.array(z.string()) })
  .meta({ id: 'FeaturedProject' })

export const relatedProjectItemSchema = featuredProjectItemSchema.extend({ likeCount: count, viewCount: count }).meta({ id: 'RelatedProject' })

export const projectListItemSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    description: z.string(),
    coverImage: nullableText,
    demoUrl: nullableText,
    repoUrl: nullableText,
    techStack: z.array(z.string()),
    likeCount: count,
    viewCount: count,
    status: projectStatus,
    createdAt: isoDateTime,
  })
  .meta({ id: 'ProjectListItem' })

export const projectDetailSchema = projectListItemSchema
  .extend({ content: z.string().meta({ description: 'Markdown' }), screenshots: z.array(z.string()), updatedAt: isoDateTime })
  .meta({ id: 'ProjectDetail' })

export type FeaturedProjectItem = z.infer<typeof featuredProjectItemSchema>
export type RelatedProjectItem = z.infer<typeof relatedProjectItemSchema>
export type ProjectListItem = z.infer<typeof projectListItemSchema>
export type ProjectDetail = z.infer<typeof projectDetailSchema>

const projectId = z.object({ id: z.string().meta({ description: 'The project id' }) })

export const listProjects = defineRoute({
  method: 'get',
  path: '/projects',
  operationId: 'listProjects',
  tag: 'Projects',
  summary: 'Projects, newest first',
  description: 'Published ones; `status=draft` finds drafts for staff only (nothing for anyone else).',
  access: 'token-aware',
  query: z.object({
    ...paginationQuery({ defaultLimit: 10, maxLimit: 100 }),
    status: z.enum(['published', 'draft'], { message: 'must be published or draft' }).optional().meta({ default: 'published' }),
    category: integerText.optional().meta({ description: 'A project category id' }),
  }),
  responses: {
    200: {
      description: 'One page',
      json: dataEnvelope(z.array(projectListItemSchema), { total: count, page: z.int().min(1), limit: z.int().min(1), totalPages: count }),
    },
  },
})

export const getProject = defineRoute({
  method: 'get',
  path: '/projects/{id}',
  operationId: 'getProject',
  tag: 'Projects',
  summary: 'One project; counts a view',
  access: 'token-aware',
  params: projectId,
  responses: { 200: { description: 'The project', json: dataEnvelope(projectDetailSchema) }, ...errors(404) },
})

export const listRelatedProjects = defineRoute({
  method: 'get',
  path: '/projects/{id}/related',
  operationId: 'listRelatedProjects',
  tag: 'Projects',
  summary: 'Published projects like this one',
  description: 'Ranked by shared technologies, then the same category, then recency.',
  access: 'token-aware',
  params: projectId,
  query: z.object({
    limit: integerText
      .pipe(z.number().min(1, 'must be at least 1'))
      .optional()
      .transform((limit) => Math.min(limit ?? 5, 20))
      .meta({ description: 'At most this many (default 5; larger values are reduced to 20)' }),
  }),
  responses: { 200: { description: 'The related projects', json: dataEnvelope(z.array(relatedProjectItemSchema)) }, ...errors(404) },
})

export const projectRoutes = [listProjects, getProject, listRelatedProjects]
