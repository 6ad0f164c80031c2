import { z } from 'zod'

import { SKILL_CATEGORIES } from '../../collections/Skills'
import { dataEnvelope, nullableText } from './envelope'
import { defineRoute } from './route'

const level = z.int().min(0).max(100)

export const skillItemSchema = z
  .strictObject({ name: z.string(), level, description: nullableText, icon: z.string().optional().meta({ description: 'Absent when the skill has none' }) })
  .meta({ id: 'Skill' })

export const homeSkillItemSchema = z.strictObject({ name: z.string(), category: z.string(), level }).meta({ id: 'HomeSkill' })

export type SkillItem = z.infer<typeof skillItemSchema>
export type HomeSkillItem = z.infer<typeof homeSkillItemSchema>

export const skillGroupsSchema = z
  .strictObject(Object.fromEntries(SKILL_CATEGORIES.map((category) => [category, z.array(skillItemSchema)])) as Record<(typeof SKILL_CATEGORIES)[number], z.ZodArray<typeof skillItemSchema>>)
  .meta({ id: 'SkillGroups', description: 'Skills by category, each group by its order, then the higher level first' })

export const listSkills = defineRoute({
  method: 'get',
  path: '/skills',
  operationId: 'listSkills',
  tag: 'Site',
  summary: 'Every skill, grouped by category',
  access: 'public',
  responses: { 200: { description: 'The groups', json: dataEnvelope(skillGroupsSchema) } },
})

export const skillRoutes = [listSkills]
