/**
 * How deep a JSON text may nest arrays and objects, how many values (elements, members) it may hold, how many its
 * outermost object or array may hold, and how many arrays and objects it may hold (each costs far more memory once
 * parsed than its two characters: 900,000 `{}` in 2.7 MB ended a process of 256 MB).
 */
export type JsonShapeLimits = { maxNesting: number; maxValues: number; maxTopLevelValues?: number; maxContainers?: number }

/**
 * What is wrong with the shape of JSON text, read before it is parsed: a 1 MB body of brackets took JSON.parse 130 ms
 * here, and one of 90,000 keys 150 ms in the running service. Values are counted by the commas between them.
 */
export const jsonShapeProblem = (
  text: string,
  { maxNesting, maxValues, maxTopLevelValues = maxValues, maxContainers = Number.POSITIVE_INFINITY }: JsonShapeLimits,
): string | undefined => {
  let depth = 0
  let containers = 0
  let separators = 0
  let topLevelSeparators = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (inString) {
      if (code === 0x5c) at++ // a backslash: the next character is escaped
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x2c) {
      if (++separators >= maxValues) return `Request body holds more than ${maxValues} values`
      if (depth === 1 && ++topLevelSeparators >= maxTopLevelValues) return `Request body holds more than ${maxTopLevelValues} values at its top level`
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxNesting) return `Request body nests deeper than ${maxNesting} levels`
      if (++containers > maxContainers) return `Request body holds more than ${maxContainers} arrays and objects`
    } else if (code === 0x5d || code === 0x7d) depth--
  }
  return undefined
}
