import type { Skill } from '../../payload-types'
import type { HomeSkillItem, SkillItem } from '../contracts/skills'
import { numberOr, optionalString } from './common'

/** `icon` is left out when a skill has none (the contract allows it to be absent). */
export const skillItem = (doc: Skill): SkillItem => {
  const icon = optionalString(doc.icon)
  return {
    name: doc.name,
    level: numberOr(doc.level),
    description: optionalString(doc.description),
    ...(icon ? { icon } : {}),
  }
}

export const homeSkillItem = (doc: Pick<Skill, 'name' | 'category' | 'level'>): HomeSkillItem => ({ name: doc.name, category: doc.category, level: numberOr(doc.level) })
