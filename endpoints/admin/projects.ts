import type { z } from 'zod'

import { PROJECTS_SLUG } from '../../collections/Projects'
import { leavingDefaults } from '../../lib/createData'
import { adminProjectContracts, type projectCreateSchema, type projectUpdateSchema } from '../contracts/admin/projects'
import { adminProjectRecord } from '../serializers/project'
import { type AdminResource, withoutNulls } from './crud'

type RelationAndLists = Partial<Pick<z.infer<typeof projectCreateSchema>, 'categoryId' | 'techStack' | 'screenshots'>>

/** Validated input as project data: `categoryId` becomes the relation, a cleared list an empty list. */
const projectData = <Input extends RelationAndLists>({ categoryId, techStack, screenshots, ...rest }: Input) => ({
  ...rest,
  ...(categoryId === undefined ? {} : { category: categoryId }),
  ...(techStack === undefined ? {} : { techStack: techStack ?? [] }),
  ...(screenshots === undefined ? {} : { screenshots: screenshots ?? [] }),
})

export const projectsResource: AdminResource<typeof PROJECTS_SLUG, z.infer<typeof projectCreateSchema>, z.infer<typeof projectUpdateSchema>> = {
  slug: PROJECTS_SLUG,
  label: 'Project',
  contracts: adminProjectContracts,
  createData: (input) => leavingDefaults<typeof PROJECTS_SLUG, 'status'>(withoutNulls(projectData(input))),
  updateData: projectData,
  inputFields: { category: { path: 'categoryId', message: 'must be the id of a project category' } },
  present: async (_payload, docs) => docs.map(adminProjectRecord),
  sort: ['-createdAt', '-id'],
}
