import { z } from 'zod'

import { PROJECTS_SLUG } from '../../collections/Projects'
import { leavingDefaults } from '../../lib/createData'
import { flag, integer, oneOf, optionalDateTime, optionalText, optionalUrl, requiredText, safeUrl, withDefault } from '../http/schemas'
import { adminProjectRecord } from '../serializers/project'
import { type AdminResource, withoutNulls } from './crud'

const STATUSES = ['draft', 'published'] as const

const createSchema = z.strictObject({
  title: requiredText(300),
  description: requiredText(5000),
  content: optionalText(500_000),
  coverImage: optionalUrl,
  demoUrl: optionalUrl,
  repoUrl: optionalUrl,
  techStack: z.array(requiredText(50), { error: 'must be a list of strings' }).max(50, 'must have at most 50 tags').nullable().optional(),
  screenshots: z.array(safeUrl, { error: 'must be a list of URLs' }).max(50, 'must have at most 50 screenshots').nullable().optional(),
  status: withDefault(oneOf(STATUSES)),
  publishAt: optionalDateTime,
  categoryId: integer(1).nullable().optional(),
  featured: withDefault(flag),
  order: withDefault(integer(-1_000_000, 1_000_000)),
})

// A status cannot be cleared.
const updateSchema = createSchema.partial().extend({ status: oneOf(STATUSES).optional() })

type RelationAndLists = Partial<Pick<z.infer<typeof createSchema>, 'categoryId' | 'techStack' | 'screenshots'>>

/** Validated input as project data: `categoryId` becomes the relation, a cleared list an empty list. */
const projectData = <Input extends RelationAndLists>({ categoryId, techStack, screenshots, ...rest }: Input) => ({
  ...rest,
  ...(categoryId === undefined ? {} : { category: categoryId }),
  ...(techStack === undefined ? {} : { techStack: techStack ?? [] }),
  ...(screenshots === undefined ? {} : { screenshots: screenshots ?? [] }),
})

export const projectsResource: AdminResource<typeof PROJECTS_SLUG, z.infer<typeof createSchema>, z.infer<typeof updateSchema>> = {
  slug: PROJECTS_SLUG,
  label: 'Project',
  createSchema,
  updateSchema,
  createData: (input) => leavingDefaults<typeof PROJECTS_SLUG, 'status'>(withoutNulls(projectData(input))),
  updateData: projectData,
  inputFields: { category: { path: 'categoryId', message: 'must be the id of a project category' } },
  present: async (_payload, docs) => docs.map(adminProjectRecord),
  keywordField: 'title',
  statuses: STATUSES,
  defaultLimit: 10,
  sort: ['-createdAt', '-id'],
}
