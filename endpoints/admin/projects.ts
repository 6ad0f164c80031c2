import type { Payload } from 'payload'
import { z } from 'zod'

import { PROJECTS_SLUG } from '../../collections/Projects'
import { flag, integer, oneOf, optionalText, optionalUrl, requiredText, safeUrl, withDefault } from '../http/schemas'
import { type Doc, numberOr, relationId } from '../serializers/common'
import { projectDetail } from '../serializers/project'
import { checkCategory } from './categoryRef'
import { type AdminResource, dropNullsOnCreate } from './crud'

const createSchema = z.strictObject({
  title: requiredText(300),
  description: requiredText(5000),
  content: optionalText(500_000),
  coverImage: optionalUrl,
  demoUrl: optionalUrl,
  repoUrl: optionalUrl,
  techStack: z.array(requiredText(50), { error: 'must be a list of strings' }).max(50, 'must have at most 50 tags').nullable().optional(),
  screenshots: z.array(safeUrl, { error: 'must be a list of URLs' }).max(50, 'must have at most 50 screenshots').nullable().optional(),
  status: withDefault(oneOf(['draft', 'published'] as const)),
  categoryId: integer(1).nullable().optional(),
  featured: withDefault(flag),
  order: withDefault(integer(-1_000_000, 1_000_000)),
})

type ProjectInput = z.infer<typeof createSchema>

const toData = async (input: Partial<ProjectInput>, { payload, mode }: { payload: Payload; mode: 'create' | 'update' }) => {
  const { categoryId, ...rest } = input
  const data: Record<string, unknown> = { ...rest }
  if (categoryId !== undefined) data.category = categoryId === null ? null : await checkCategory(payload, categoryId, 'project')
  // A cleared list is an empty list.
  for (const list of ['techStack', 'screenshots'] as const) if (data[list] === null) data[list] = []
  return dropNullsOnCreate(data, mode)
}

const projectRecord = (doc: Doc) => ({
  ...projectDetail(doc),
  featured: Boolean(doc.featured),
  categoryId: relationId(doc.category),
  order: numberOr(doc.order),
})

export const projectsResource: AdminResource<ProjectInput> = {
  slug: PROJECTS_SLUG,
  label: 'Project',
  createSchema,
  updateSchema: createSchema.partial(),
  toData,
  present: async (_payload, docs) => docs.map(projectRecord),
  keywordField: 'title',
  statuses: ['draft', 'published'],
  defaultLimit: 10,
  sort: ['-createdAt', '-id'],
}
