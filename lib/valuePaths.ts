type Visit = { value: unknown; key?: string; parent?: Visit }

const keysOf = (visit: Visit): string[] => {
  const keys: string[] = []
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key)
  return keys.reverse()
}

/**
 * The keys leading to the first value inside `value` (itself included: `[]`) that `matches`, depth first, or
 * `undefined`. Walked without recursion (a 1 MB body can nest deeper than the call stack), each step linked to its
 * parent so the keys are only gathered for the value found: copying them at every level made a deep body take minutes.
 */
export const firstPathWhere = (value: unknown, matches: (value: unknown) => boolean): string[] | undefined => {
  const pending: Visit[] = [{ value }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (matches(visit.value)) return keysOf(visit)
    if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) pending.push({ value: child, key, parent: visit })
    }
  }
  return undefined
}
