/** Postgres refuses U+0000 in text (SQLite and MongoDB keep it): everywhere it is refused before it reaches a query. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)'

type Visit = { value: unknown; key?: string; parent?: Visit }

const pathOf = (visit: Visit): string => {
  const keys: string[] = []
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key)
  return keys.reverse().join('.')
}

/**
 * The dotted path of the first string holding U+0000 in a value (`''` for the value itself), or `undefined`.
 * Walked without recursion (a 1 MB body can nest deeper than the call stack), each step linked to its parent so the
 * path is only built for the string found: copying it at every level made a deeply nested body take minutes.
 */
export const nulCharacterPath = (value: unknown): string | undefined => {
  const pending: Visit[] = [{ value }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\u0000')) return pathOf(visit)
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) pending.push({ value: child, key, parent: visit })
    }
  }
  return undefined
}
