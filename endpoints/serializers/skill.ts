import { type Doc, numberOr, optionalString } from './common'

/** `icon` is left out when a skill has none (the contract allows it to be absent). */
export const skillItem = (doc: Doc) => {
  const icon = optionalString(doc.icon)
  return {
    name: String(doc.name),
    level: numberOr(doc.level),
    description: optionalString(doc.description),
    ...(icon ? { icon } : {}),
  }
}

export const homeSkillItem = (doc: Doc) => ({ name: String(doc.name), category: String(doc.category), level: numberOr(doc.level) })
