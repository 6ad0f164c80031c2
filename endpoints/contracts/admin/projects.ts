import { z } from 'zod'

import { flag, integer, oneOf, optionalDateTime, optionalText, optionalUrl, requiredText, safeUrl, withDefault } from '../../http/schemas'
import { nullableText } from '../envelope'
import { projectDetailSchema } from '../projects'
import { adminCrudContracts } from './crud'

export const PROJECT_STATUSES = ['draft', 'published'] as const

export const projectCreateSchema = z.strictObject({
  title: requiredText(300),
  description: requiredText(5000),
  content: optionalText(500_000),
  coverImage: optionalUrl,
  demoUrl: optionalUrl,
  repoUrl: optionalUrl,
  techStack: z.array(requiredText(50), { error: 'must be a list of strings' }).max(50, 'must have at most 50 tags').nullable().optional(),
  screenshots: z.array(safeUrl, { error: 'must be a list of URLs' }).max(50, 'must have at most 50 screenshots').nullable().optional(),
  status: withDefault(oneOf(PROJECT_STATUSES)),
  publishAt: optionalDateTime,
  categoryId: integer(1).nullable().optional(),
  featured: withDefault(flag),
  order: withDefault(integer(-1_000_000, 1_000_000)),
})

// A status cannot be cleared.
export const projectUpdateSchema = projectCreateSchema.partial().extend({ status: oneOf(PROJECT_STATUSES).optional() })

export const adminProjectRecordSchema = projectDetailSchema
  .extend({ featured: z.boolean(), categoryId: z.int().min(1).nullable(), order: z.number(), publishAt: nullableText, publishedAt: nullableText })
  .meta({ id: 'AdminProject' })

export type AdminProjectRecord = z.infer<typeof adminProjectRecordSchema>

export const adminProjectContracts = adminCrudContracts({
  path: 'projects',
  label: 'Project',
  record: adminProjectRecordSchema,
  createSchema: projectCreateSchema,
  updateSchema: projectUpdateSchema,
  keywordField: 'title',
  statuses: PROJECT_STATUSES,
  defaultLimit: 10,
})
